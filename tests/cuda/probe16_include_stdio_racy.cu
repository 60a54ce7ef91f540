//xfail:data-race
//--blockDim=64 --gridDim=2
// mapcheck: exact
// The twin of probe16_include_stdio.cu storing to out[i / 2]: threads 0 and 1 both write out[0],
// with their own values in[0] and in[1]: a write-write race.
#include <stdio.h>

__global__ void copy_halved(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i / 2] = in[i];
}
