//xfail:data-race
//
// mapcheck: exact
// The forgotten-blockIdx bug of launch_forgot_blockidx_racy.cu, launched through the runtime
// API instead of `<<<...>>>`: `cudaLaunchKernel((void *)countVisits, dim3(4), dim3(64), args)`
// runs four blocks of 64 threads, and thread t of every block increments counts[t]: threads t
// of blocks 0 and 1 race. The launch is evidence of four blocks as `<<<4, 64>>>` is.
#include <cstdio>

__global__ void countVisits(int *counts)
{
    counts[threadIdx.x] += 1;
}

int main(void)
{
    int *counts;
    cudaMalloc(&counts, 64 * sizeof(int));
    void *args[] = {&counts};
    cudaLaunchKernel((void *)countVisits, dim3(4), dim3(64), args, 0, 0);
    cudaDeviceSynchronize();
    cudaFree(counts);
    return 0;
}
