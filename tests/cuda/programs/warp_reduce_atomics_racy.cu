//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: exact
// `warp_reduce_atomics.cu` with the double sum added by a plain `*total += v`: lane 0 of warp 0
// and lane 0 of warp 1 (threads 0 and 32 of a block, or of two blocks) both read and write
// `*total` with nothing ordering them: a data race on total[0].
#include "common.h"

__global__ void warpSum(const float *in, double *total, unsigned int *counter,
                        unsigned long long *maxKey, unsigned long long *firstKey, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (i < n) ? in[i] : 0.0f;
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    if ((threadIdx.x & 31) == 0) {
        *total += (double)v;
        unsigned int ticket = atomicInc(counter, 0xffffffffu);
        unsigned long long key = ((unsigned long long)__float_as_uint(v) << 32) | ticket;
        atomicMax(maxKey, key);
        atomicCAS(firstKey, 0ULL, key);
    }
}

int main(void)
{
    int n = THREADS * BLOCKS;
    float *h_in = (float *)malloc(n * sizeof(float));
    fill_random(h_in, n);
    float *d_in;
    double *d_total, h_total = 0.0;
    unsigned int *d_counter;
    unsigned long long *d_keys;
    CHECK(cudaMalloc(&d_in, n * sizeof(float)));
    CHECK(cudaMalloc(&d_total, sizeof(double)));
    CHECK(cudaMalloc(&d_counter, sizeof(unsigned int)));
    CHECK(cudaMalloc(&d_keys, 2 * sizeof(unsigned long long)));
    CHECK(cudaMemset(d_total, 0, sizeof(double)));
    CHECK(cudaMemset(d_counter, 0, sizeof(unsigned int)));
    CHECK(cudaMemset(d_keys, 0, 2 * sizeof(unsigned long long)));
    CHECK(cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice));
    warpSum<<<BLOCKS, THREADS>>>(d_in, d_total, d_counter, d_keys, d_keys + 1, n);
    CHECK(cudaMemcpy(&h_total, d_total, sizeof(double), cudaMemcpyDeviceToHost));
    printf("sum = %f\n", h_total);
    cudaFree(d_in);
    cudaFree(d_total);
    cudaFree(d_counter);
    cudaFree(d_keys);
    free(h_in);
    return 0;
}
