//pass
//--blockDim=128 --gridDim=16
// mapcheck: exact
// Each thread copies ITEMS elements, advancing its own index by the grid size by hand (a
// pattern found in CUB-style "thread-coarsened" loops): i = g, g + G, g + 2G, ... with g the
// global thread id and G = blockDim.x * gridDim.x. As with a grid-stride loop, distinct
// threads touch distinct cells: race free. `i` is an induction variable of the loop.

#define ITEMS 4

__global__ void coarse_copy(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < ITEMS; ++k) {
        out[i] = in[i];
        i += blockDim.x * gridDim.x;
    }
}
