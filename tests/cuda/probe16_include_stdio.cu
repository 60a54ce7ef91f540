//pass
//--blockDim=64 --gridDim=2
// mapcheck: exact
// A plain copy kernel in a file that includes <stdio.h>, as nearly every CUDA sample does
// (Session 16 probe). Thread i writes out[i] only: race free.
#include <stdio.h>

__global__ void copy(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i];
}
