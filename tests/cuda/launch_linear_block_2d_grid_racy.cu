//xfail:data-race
//
// mapcheck: exact
// The twin of launch_linear_block_2d_grid.cu without the `threadIdx.x == 0` guard: every
// thread of a block stores its own id into the block's cell out[b], so threads 0 and 1 of one
// block (blocks of two threads or more) race on it.

__global__ void per_block(unsigned *out)
{
    out[blockIdx.y * gridDim.x + blockIdx.x] = threadIdx.x;
}
