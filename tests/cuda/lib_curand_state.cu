//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// curand (issue 14): each thread copies its own generator state states[id] to a local,
// draws from the local copy (curand_uniform reads and writes the state it is given) and
// stores it back to states[id]: each thread touches only states[id] and out[id]: race free.

#include <curand_kernel.h>

__global__ void monte_carlo(curandState *states, float *out)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    curandState local = states[id];
    float x = curand_uniform(&local);
    float y = curand_uniform(&local);
    out[id] = (x * x + y * y <= 1.0f) ? 1.0f : 0.0f;
    states[id] = local;
}
