//xfail:data-race
//
// mapcheck: exact
// The literal 32 multiplying blockIdx.x is a count of slots per block, not the block size: the
// kernel's own global id is `blockIdx.x * blockDim.x + threadIdx.x`, so it is written for blocks
// of any width. With blocks of 64 threads and n >= 128, thread 32 of block 0 and thread 0 of
// block 1 store their block numbers (0 and 1) into slot[32]: racy. (Reading the literal as a
// bound on the block hid this.)

__global__ void per_block_slots(int *slot, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        slot[blockIdx.x * 32 + threadIdx.x] = blockIdx.x;
}
