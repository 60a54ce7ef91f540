//xfail:data-race
// mapcheck: data-dependent
// Cooperative groups' thread_index() and group_index() read threadIdx and blockIdx inside
// the toolkit's headers: the kernel reads both, so the launch conventions leave the block and
// the grid open. Two blocks write out[thread_index().x] with their different block indices: a
// race between blocks (the oracle sees it with a grid of 2). mapcheck once took one thread in
// one block (the values of the two methods are not followed) and said `drf`.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void group_ids(int *out)
{
    cg::thread_block b = cg::this_thread_block();
    out[b.thread_index().x] = b.group_index().x;
}
