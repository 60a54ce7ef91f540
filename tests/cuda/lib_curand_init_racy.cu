//xfail:data-race
//--blockDim=128 --gridDim=2
// mapcheck: exact
// The setup kernel indexed by threadIdx.x only: threads t of blocks 0 and 1 both initialise
// (write) state[t]: a write-write race between blocks.

#include <curand_kernel.h>

__global__ void setup_states_no_block(curandState *state, unsigned long long seed)
{
    int id = threadIdx.x + blockIdx.x * blockDim.x;
    curand_init(seed, id, 0, &state[threadIdx.x]);
}
