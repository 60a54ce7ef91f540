//pass
//--blockDim=256 --gridDim=4
// mapcheck: exact
// A sample-style program whose kernel is written in `scan_block_kernel.cuh`, which it includes
// (the samples' `#include "scan_kernel.cu"`): the kernel is checked with the program and
// reported at its own file and line. Race free: see the kernel's file.
#include "common.h"
#include "scan_block_kernel.cuh"

#define BLOCKS 4

int main(void)
{
    int n = SCAN_THREADS * BLOCKS;
    size_t bytes = n * sizeof(int);
    int *h = (int *)malloc(bytes);
    if (h == NULL)
        exit(EXIT_FAILURE);
    for (int i = 0; i < n; i++)
        h[i] = i % 7;
    int *d_in = NULL, *d_out = NULL;
    CHECK(cudaMalloc((void **)&d_in, bytes));
    CHECK(cudaMalloc((void **)&d_out, bytes));
    CHECK(cudaMemcpy(d_in, h, bytes, cudaMemcpyHostToDevice));
    scanBlock<<<BLOCKS, SCAN_THREADS>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h, d_out, bytes, cudaMemcpyDeviceToHost));
    printf("last prefix sum: %d\n", h[SCAN_THREADS - 1]);
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    free(h);
    return EXIT_SUCCESS;
}
