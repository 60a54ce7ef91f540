//pass
//--blockDim=128 --gridDim=2
// mapcheck: exact
// Cooperative groups (issue 14): `block.sync()` on `cg::this_thread_block()` is a block-wide
// barrier, like __syncthreads(). Thread t writes s[t], the barrier, then it reads
// s[127 - t]: race free.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void reverse_cg(const float *in, float *out)
{
    __shared__ float s[128];
    cg::thread_block block = cg::this_thread_block();
    unsigned t = block.thread_rank();
    s[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
    block.sync();
    out[blockIdx.x * 128 + threadIdx.x] = s[127 - threadIdx.x];
    (void)t;
}
