//xfail:data-race
//--blockDim=[32,32] --gridDim=[2,2] -DTILE=32 -DWIDTH=64
// mapcheck: exact
// The swizzle written with `&` instead of `^`: tile[ty][tx & ty] is not a bijection of the
// row (for ty = 0 every thread of the row writes tile[0][0]): threads (0, 0) and (1, 0) both
// write tile[0][0] before the barrier: a write-write race.

__global__ void transpose_swizzle_and(const float *in, float *out)
{
    __shared__ float tile[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * TILE + tx, y = blockIdx.y * TILE + ty;
    tile[ty][tx & ty] = in[y * WIDTH + x];
    __syncthreads();
    int ox = blockIdx.y * TILE + tx, oy = blockIdx.x * TILE + ty;
    out[oy * WIDTH + ox] = tile[tx][ty & tx];
}
