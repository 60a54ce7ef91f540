//xfail:data-race
// mapcheck: exact
// The twin of launch_global_index_no_wrap.cu: the index is the global id times 4, in unsigned
// 32-bit arithmetic, which wraps already for ids of 2^30 and more — within the launch
// conventions' grids (up to 2^31 threads along x, e.g. 2^21 blocks of 1024). Threads 0 and
// 2^30 (block 2^20 of a grid of blocks of 1024) both write out[0], with different values.

__global__ void scale4(int *out)
{
    unsigned i = (blockIdx.x * blockDim.x + threadIdx.x) * 4u;
    out[i] = blockIdx.x;
}
