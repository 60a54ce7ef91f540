//xfail:data-race
//
// mapcheck: exact
// The classic beginner's bug, as a whole program: the kernel indexes by `threadIdx.x` alone,
// and `main` launches it with 4 blocks of 64 threads. Thread t of every block increments
// counts[t]: threads t of blocks 0 and 1 read and write the same cell and nothing orders
// blocks, so the increments race (one can be lost). The kernel never reads `blockIdx`, so the
// launch conventions alone would check one block; the launch in `main` says there are four.
#include <cstdio>
#include <cstdlib>

__global__ void countVisits(int *counts)
{
    counts[threadIdx.x] += 1;
}

int main(void)
{
    int *counts;
    cudaMalloc(&counts, 64 * sizeof(int));
    cudaMemset(counts, 0, 64 * sizeof(int));
    countVisits<<<4, 64>>>(counts);
    int host[64];
    cudaMemcpy(host, counts, sizeof host, cudaMemcpyDeviceToHost);
    printf("%d\n", host[0]);
    cudaFree(counts);
    return EXIT_SUCCESS;
}
