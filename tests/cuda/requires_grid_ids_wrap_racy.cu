//xfail:data-race
//
// mapcheck: exact
// The kernel's own preconditions say its grid has 2^30 blocks of 64 threads: 2^36 threads,
// whose 32-bit global ids wrap. Thread 0 of block 0 and thread 0 of block 2^26 both compute
// id 0 (2^26 * 64 = 2^32) and store different block numbers into out[0]: racy. The launch
// conventions (the ids do not wrap) contradict these preconditions; they must give way, not
// leave no launch to check (which answered a vacuous `drf`).

__global__ void stamp_blocks(unsigned *out)
{
    __requires(gridDim.x == 1 << 30);
    __requires(blockDim.x == 64);
    out[blockIdx.x * blockDim.x + threadIdx.x] = blockIdx.x;
}
