//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Cooperative groups through `using namespace cooperative_groups;`: `this_thread_block().sync()`
// is a block barrier. Thread t writes s[t], the barrier, then reads s[(t + 1) % 64]: race free.

#include <cooperative_groups.h>
using namespace cooperative_groups;

__global__ void rotate_cg(const float *in, float *out)
{
    __shared__ float s[64];
    s[threadIdx.x] = in[threadIdx.x];
    this_thread_block().sync();
    out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
