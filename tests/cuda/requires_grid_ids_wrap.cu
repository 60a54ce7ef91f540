//pass
//
// mapcheck: exact
// The twin of requires_grid_ids_wrap_racy.cu with a grid of 2^20 blocks of 64 threads: 2^26
// threads, whose global ids are distinct (no wrap below 2^32), so each cell of out is stored
// by one thread: race free.

__global__ void stamp_blocks(unsigned *out)
{
    __requires(gridDim.x == 1 << 20);
    __requires(blockDim.x == 64);
    out[blockIdx.x * blockDim.x + threadIdx.x] = blockIdx.x;
}
