//pass
//--blockDim=128 --gridDim=2
// mapcheck: exact
// mapcheck: known-imprecision: data-dependent possibly-racy — `curand_init(..., &states[id])` is an unknown library call: it reads and writes an unknown cell of `states`
// The setup kernel of the curand samples: curand_init(seed, id, 0, &state[id]) writes the
// thread's own state only: race free.

#include <curand_kernel.h>

__global__ void setup_states(curandState *state, unsigned long long seed)
{
    int id = threadIdx.x + blockIdx.x * blockDim.x;
    curand_init(seed, id, 0, &state[id]);
}
