//pass
//--blockDim=128 --gridDim=2
// mapcheck: exact
// The setup kernel of the curand samples: curand_init(seed, id, 0, &state[id]) writes the
// thread's own state only: race free.

#include <curand_kernel.h>

__global__ void setup_states(curandState *state, unsigned long long seed)
{
    int id = threadIdx.x + blockIdx.x * blockDim.x;
    curand_init(seed, id, 0, &state[id]);
}
