//xfail:barrier-divergence
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `this_thread_block().sync()` inside `if (threadIdx.x % 2 == 0)`: odd threads never reach the
// block barrier that even threads wait at: barrier divergence. (The write of s[t] and the
// read of s[t] by the same thread race with no one.)

#include <cooperative_groups.h>
using namespace cooperative_groups;

__global__ void rotate_cg_divergent(const float *in, float *out)
{
    __shared__ float s[64];
    s[threadIdx.x] = in[threadIdx.x];
    if (threadIdx.x % 2 == 0)
        this_thread_block().sync();
    out[threadIdx.x] = s[threadIdx.x];
}
