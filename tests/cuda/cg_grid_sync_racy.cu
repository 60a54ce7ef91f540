//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: exact
// The cross-block rotation with a *block* barrier (`cg::this_thread_block().sync()`) where a
// grid barrier is needed: thread gid of block b reads partial[(gid + 64) % 256], written by a
// thread of block b + 1, which no block barrier orders: a read-write race between blocks.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void rotate_blocks_block_sync(const float *in, float *partial, float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    partial[gid] = in[gid];
    cg::this_thread_block().sync();
    out[gid] = partial[(gid + 64) % 256];
}
