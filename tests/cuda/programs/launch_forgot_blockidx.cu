//pass
//
// mapcheck: exact
// Race-free twin of launch_forgot_blockidx_racy.cu: each thread of the 4 blocks of 64 that
// `main` launches increments its own cell, blockIdx.x * blockDim.x + threadIdx.x, which no
// other thread touches (the global ids of the launch are distinct).
#include <cstdio>
#include <cstdlib>

__global__ void countVisits(int *counts)
{
    counts[blockIdx.x * blockDim.x + threadIdx.x] += 1;
}

int main(void)
{
    int *counts;
    cudaMalloc(&counts, 256 * sizeof(int));
    cudaMemset(counts, 0, 256 * sizeof(int));
    countVisits<<<4, 64>>>(counts);
    int host[256];
    cudaMemcpy(host, counts, sizeof host, cudaMemcpyDeviceToHost);
    printf("%d\n", host[0]);
    cudaFree(counts);
    return EXIT_SUCCESS;
}
