//xfail:data-race
//
// mapcheck: exact
// A 1-D kernel launched with 2-D blocks: `main` passes `dim3 block(16, 16)`, so each block has
// 16 threads along y that share every threadIdx.x. Threads (x, 0) and (x, 1) of a block compute
// the same index i and both increment out[i] (a read and a write each) with no barrier between
// them: a race, and an increment can be lost. The kernel never reads `.y`, so the launch
// conventions alone would take blockDim.y to be 1; the launch in `main` says 16.
#include <cstdlib>

__global__ void fill(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] += i;
}

int main(void)
{
    int n = 1024;
    int *out;
    cudaMalloc(&out, n * sizeof(int));
    dim3 block(16, 16);
    dim3 grid(n / 16);
    fill<<<grid, block>>>(out, n);
    cudaFree(out);
    return EXIT_SUCCESS;
}
