//pass
//
// mapcheck: exact
// Race-free twin of asm_ctaid_read_racy.cu: the block index is read through inline PTX, but
// each thread adds to its own cell, blockIdx.x * blockDim.x + threadIdx.x, distinct across
// the grid.
__global__ void k(int *a)
{
    unsigned bid;
    asm("mov.u32 %0, %%ctaid.x;" : "=r"(bid));
    a[blockIdx.x * blockDim.x + threadIdx.x] += bid;
}
