//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `cg::this_thread_block().sync()` (the temporary form) and `cg::sync(block)` are barriers:
// the tree reduction halves the active range after each of them, so in every interval thread
// t writes only s[t] and reads s[t + stride], which no thread writes in that interval (the
// writers are t < stride): race free.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void reduce_cg(const float *in, float *out)
{
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    cg::this_thread_block().sync();
    for (unsigned stride = 32; stride > 0; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
        cg::sync(cg::this_thread_block());
    }
    if (t == 0)
        out[0] = s[0];
}
