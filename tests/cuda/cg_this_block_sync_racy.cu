//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The reduction with the loop's barrier placed before the update instead of after it: the
// update of one step and the first of the next are in the same interval, e.g. thread 0 reads
// s[16] in step 16 while thread 16 is still writing s[16] in step 32: a read-write race. The
// cooperative-groups barriers order nothing else.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void reduce_cg_late_sync(const float *in, float *out)
{
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    cg::this_thread_block().sync();
    for (unsigned stride = 32; stride > 0; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
    }
    cg::sync(cg::this_thread_block());
    if (t == 0)
        out[0] = s[0];
}
