//xfail:data-race
// mapcheck: exact
// The twin of intrinsic_mul24_grid_bounded.cu without the bound on the grid: __mul24 keeps
// only the low 24 bits of blockIdx.x, so with blockDim.x = 1 and gridDim.x > 2^24 (CUDA
// allows 2^31 - 1 blocks along x) blocks 0 and 2^24 compute the same i = 0 and both write
// out[0], each its own value. Racy (between blocks).

__global__ void scale(unsigned *out)
{
    int i = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;
    out[i] = blockIdx.x;
}
