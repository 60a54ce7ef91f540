//pass
//
// mapcheck: exact
// Race-free twin of launch_block_2d_racy.cu: `main` launches the same kernel with
// one-dimensional blocks (`dim3 block(256)`, so blockDim.y = blockDim.z = 1), and the global
// ids blockIdx.x * blockDim.x + threadIdx.x of the launch are distinct: each thread increments
// its own out[i].
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
    dim3 block(256);
    dim3 grid(n / 256);
    fill<<<grid, block>>>(out, n);
    cudaFree(out);
    return EXIT_SUCCESS;
}
