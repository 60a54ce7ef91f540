//pass
//--blockDim=64 --gridDim=4
// mapcheck: data-dependent
// A 64-bin byte histogram as the CUDA samples' histogram64 builds it: each block clears its
// shared bins (thread t clears bin t), synchronises, adds its bytes with atomicAdd on the
// shared bins (the bin is read from the data: the kernel is data-dependent), synchronises, and
// thread t adds bin t of the block to the global histogram with atomicAdd. Atomics never race
// with atomics; the clear and the final read of bin t are separated from the atomic updates by
// the two barriers.
#include "common.h"

#define BINS 64

__global__ void histogram64(const uchar *data, uint *hist, int n)
{
    __shared__ uint bins[BINS];
    bins[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&bins[data[i] % BINS], 1u);
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
