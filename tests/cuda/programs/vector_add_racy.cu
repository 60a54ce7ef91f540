//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: exact
// The course's vector addition computed in place into `a` with a one-off shift: thread i
// writes a[i + 1] and reads a[i]. Thread i + 1 (in the same block, or the first thread of the
// next block for the last of a block) reads a[i + 1], which thread i writes, and nothing orders
// the two (there is no barrier, and blocks never synchronise): a read-write race, for example
// between threads 0 and 1 of block 0 on a[1].
#include "common.h"

__global__ void vectorAddShifted(float *a, const float *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n)
        a[i + 1] = a[i] + b[i];
}

int main(void)
{
    int n = THREADS * BLOCKS;
    size_t bytes = n * sizeof(float);
    float *h_a = (float *)malloc(bytes), *h_b = (float *)malloc(bytes);
    fill_random(h_a, n);
    fill_random(h_b, n);
    float *d_a, *d_b;
    CHECK(cudaMalloc(&d_a, bytes));
    CHECK(cudaMalloc(&d_b, bytes));
    CHECK(cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_b, h_b, bytes, cudaMemcpyHostToDevice));
    vectorAddShifted<<<BLOCKS, THREADS>>>(d_a, d_b, n);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(h_a, d_a, bytes, cudaMemcpyDeviceToHost));
    printf("a[1] = %f\n", h_a[1]);
    cudaFree(d_a);
    cudaFree(d_b);
    free(h_a);
    free(h_b);
    return EXIT_SUCCESS;
}
