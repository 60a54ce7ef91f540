//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// mapcheck: known-imprecision: error — the qualified name `cg::grid_group` does not parse (a located error is the right answer until grid barriers exist)
// A grid-wide barrier (cooperative launch): every thread writes its own partial[gid], then
// `grid.sync()` orders all those writes before any thread of any block reads them; thread
// gid then reads partial[(gid + 64) % 256], written by another block before the barrier:
// race free. A checker without grid barriers must refuse it (a located error), never treat
// grid.sync() as a block barrier (the cross-block race would vanish) or ignore it.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void rotate_blocks(const float *in, float *partial, float *out)
{
    cg::grid_group grid = cg::this_grid();
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    partial[gid] = in[gid];
    grid.sync();
    out[gid] = partial[(gid + 64) % 256];
}
