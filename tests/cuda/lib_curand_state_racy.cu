//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: exact
// One generator state per block, shared by its threads: every thread of block b calls
// curand_uniform(&states[b]), which reads and advances (writes) states[b]: threads 0 and 1 of
// block 0 both write states[0]: a write-write race (and the draws are not even independent).

#include <curand_kernel.h>

__global__ void monte_carlo_shared_state(curandState *states, float *out)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    float x = curand_uniform(&states[blockIdx.x]);
    float y = curand_uniform(&states[blockIdx.x]);
    out[id] = (x * x + y * y <= 1.0f) ? 1.0f : 0.0f;
}
