//pass
//
// mapcheck: exact
// The twin of launch_runtime_api_racy.cu launched as one cooperative block of 64 threads
// (`cudaLaunchCooperativeKernel(..., 1, 64, ...)`): each thread increments its own counts[t]:
// race free.
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
    cudaLaunchCooperativeKernel((void *)countVisits, 1, 64, args, 0, 0);
    cudaDeviceSynchronize();
    cudaFree(counts);
    return 0;
}
