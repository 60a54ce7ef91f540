//pass
//--blockDim=[32,32] --gridDim=[2,2] -DTILE=32 -DWIDTH=64
// mapcheck: exact
// Bitwise operations with non-constant operands (issue 20): the XOR swizzle that avoids bank
// conflicts in a transpose stores tile[ty][tx ^ ty]. For a fixed row ty, x -> x ^ ty is a
// bijection of 0..31, so each thread writes its own cell; after the barrier it reads
// tile[tx][ty ^ tx], the swizzled transpose; the 64 x 64 matrix (WIDTH) gives each thread its
// own element of `in` and `out`: race free.

__global__ void transpose_swizzle(const float *in, float *out)
{
    __shared__ float tile[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * TILE + tx, y = blockIdx.y * TILE + ty;
    tile[ty][tx ^ ty] = in[y * WIDTH + x];
    __syncthreads();
    int ox = blockIdx.y * TILE + tx, oy = blockIdx.x * TILE + ty;
    out[oy * WIDTH + ox] = tile[tx][ty ^ tx];
}
