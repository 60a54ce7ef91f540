//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// The first program of every CUDA course, whole: the host allocates, copies in, launches one
// thread per element, copies back, checks, frees and exits. Thread i of the grid (i = blockIdx.x
// * blockDim.x + threadIdx.x, distinct for every thread of the 4 x 64 launch) reads a[i] and
// b[i] and writes c[i], its own cell: no two threads touch a cell that one of them writes.
#include "common.h"

__global__ void vectorAdd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

int main(void)
{
    int n = THREADS * BLOCKS;
    size_t bytes = n * sizeof(float);
    float *h_a = (float *)malloc(bytes), *h_b = (float *)malloc(bytes), *h_c = (float *)malloc(bytes);
    if (h_a == NULL || h_b == NULL || h_c == NULL) {
        fprintf(stderr, "out of host memory\n");
        exit(EXIT_FAILURE);
    }
    fill_random(h_a, n);
    fill_random(h_b, n);
    float *d_a = NULL, *d_b = NULL, *d_c = NULL;
    CHECK(cudaMalloc((void **)&d_a, bytes));
    CHECK(cudaMalloc((void **)&d_b, bytes));
    CHECK(cudaMalloc((void **)&d_c, bytes));
    CHECK(cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_b, h_b, bytes, cudaMemcpyHostToDevice));
    vectorAdd<<<BLOCKS, THREADS>>>(d_a, d_b, d_c, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_c, d_c, bytes, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        if (fabs(h_a[i] + h_b[i] - h_c[i]) > 1e-5) {
            fprintf(stderr, "mismatch at %d\n", i);
            exit(EXIT_FAILURE);
        }
    }
    printf("Test PASSED\n");
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_c);
    free(h_a);
    free(h_b);
    free(h_c);
    exit(EXIT_SUCCESS);
}
