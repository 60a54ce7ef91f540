//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// Monte Carlo estimate of pi with curand, the way the curand samples write it: one generator
// state per thread (curand_init writes states[id], its own element), a thread-private copy of
// the state while drawing, then a tree reduction of the per-thread hit counts in shared memory.
// Reduction: step s = 32, 16, ..., 1; thread t < s reads hits[t] and hits[t + s] and writes
// hits[t]; the barrier after each step separates a step's writes from the next step's reads
// (thread t + s of the next step's reads was written in an earlier interval), and within a step
// the cells read (t + s >= s) are not the cells written (t < s). Thread 0 writes the block's
// result to partial[blockIdx.x]: one writer per cell.
#include <curand_kernel.h>
#include "common.h"

#define DRAWS 16

__global__ void setupStates(curandState *states, unsigned long long seed)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    curand_init(seed, id, 0, &states[id]);
}

__global__ void countHits(curandState *states, unsigned int *partial)
{
    __shared__ unsigned int hits[THREADS];
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    curandState local = states[id];
    unsigned int count = 0;
    for (int d = 0; d < DRAWS; d++) {
        float x = curand_uniform(&local);
        float y = curand_uniform(&local);
        count += (x * x + y * y <= 1.0f);
    }
    states[id] = local;
    hits[threadIdx.x] = count;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            hits[threadIdx.x] += hits[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        partial[blockIdx.x] = hits[0];
}

int main(void)
{
    curandState *d_states;
    unsigned int *d_partial;
    unsigned int h_partial[BLOCKS];
    CHECK(cudaMalloc(&d_states, BLOCKS * THREADS * sizeof(curandState)));
    CHECK(cudaMalloc(&d_partial, BLOCKS * sizeof(unsigned int)));
    setupStates<<<BLOCKS, THREADS>>>(d_states, 1234ULL);
    countHits<<<BLOCKS, THREADS>>>(d_states, d_partial);
    CHECK(cudaMemcpy(h_partial, d_partial, sizeof(h_partial), cudaMemcpyDeviceToHost));
    unsigned long total = 0;
    for (int b = 0; b < BLOCKS; b++)
        total += h_partial[b];
    printf("pi ~ %f\n", 4.0 * total / (BLOCKS * THREADS * DRAWS));
    cudaFree(d_states);
    cudaFree(d_partial);
    return 0;
}
