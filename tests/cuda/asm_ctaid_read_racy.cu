//xfail:data-race
//
// mapcheck: exact
// The block index read through inline PTX (`%ctaid.x`) instead of `blockIdx.x`: the kernel is
// written for several blocks, and thread t of every block adds to a[t], so threads t of
// blocks 0 and 1 race on a[t] (each reads and writes it, nothing orders blocks). The launch
// conventions take a dimension the code never reads to be 1; a read through `%ctaid.x` is a
// read of the grid's x dimension (probe round 4, W4: this was `drf (exact)` for one block).
__global__ void k(int *a)
{
    unsigned bid;
    asm("mov.u32 %0, %%ctaid.x;" : "=r"(bid));
    a[threadIdx.x] += bid;
}
