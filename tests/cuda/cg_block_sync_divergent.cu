//xfail:barrier-divergence
//--blockDim=128 --gridDim=2
// mapcheck: exact
// `block.sync()` reached by only half of the block: threads 0..63 call it inside the branch,
// threads 64..127 do not. A block-wide barrier that not every thread of the block reaches is
// barrier divergence (undefined behaviour).

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void reverse_cg_divergent(const float *in, float *out)
{
    __shared__ float s[128];
    cg::thread_block block = cg::this_thread_block();
    s[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
    if (threadIdx.x < 64)
        block.sync();
    out[blockIdx.x * 128 + threadIdx.x] = s[threadIdx.x];
}
