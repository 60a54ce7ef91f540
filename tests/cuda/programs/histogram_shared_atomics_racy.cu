//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: data-dependent
// `histogram_shared_atomics.cu` with the shared update written `bins[b]++`, a plain
// read-modify-write: two threads of a block whose bytes fall in the same bin (any two, when the
// data are all equal) read and write the same bin in one barrier interval: a data race.
#include "common.h"

#define BINS 64

__global__ void histogram64(const uchar *data, uint *hist, int n)
{
    __shared__ uint bins[BINS];
    bins[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        bins[data[i] % BINS]++;
    __syncthreads();
    atomicAdd(&hist[threadIdx.x], bins[threadIdx.x]);
}

int main(void)
{
    int n = 1 << 12;
    uchar *h_data = (uchar *)malloc(n);
    for (int i = 0; i < n; i++)
        h_data[i] = (uchar)(rand() & 0xff);
    uchar *d_data;
    uint *d_hist;
    uint h_hist[BINS];
    CHECK(cudaMalloc(&d_data, n));
    CHECK(cudaMalloc(&d_hist, sizeof(h_hist)));
    CHECK(cudaMemset(d_hist, 0, sizeof(h_hist)));
    CHECK(cudaMemcpy(d_data, h_data, n, cudaMemcpyHostToDevice));
    histogram64<<<BLOCKS, BINS>>>(d_data, d_hist, n);
    CHECK(cudaMemcpy(h_hist, d_hist, sizeof(h_hist), cudaMemcpyDeviceToHost));
    uint total = 0;
    for (int b = 0; b < BINS; b++)
        total += h_hist[b];
    printf("%s\n", total == (uint)n ? "PASSED" : "FAILED");
    cudaFree(d_data);
    cudaFree(d_hist);
    free(h_data);
    exit(total == (uint)n ? EXIT_SUCCESS : EXIT_FAILURE);
}
