//xfail:out-of-bounds
//
// mapcheck: exact
// oob_transpose_tile.cu without a geometry: the launch conventions leave blockDim.x and
// blockDim.y free (the kernel reads threadIdx.x and threadIdx.y) and make the grid one block
// (it reads no blockIdx or gridDim). In a block wider than 32 threads, thread (32, 0) reads
// src[0][32], past the end of row 0 of `float src[32][32]` (into src[1][0]): an index out of
// bounds, undefined behaviour. In a block wider than 33, tile[0][33] would be tile[1][0] of the
// flattened tile, written by thread (0, 1): a race only through the out-of-bounds index. Among
// the accesses that stay within their dimensions (x < 32 for src and dst, x < 33 for the
// tile's rows, y < 32) distinct threads touch distinct cells, and the tile is written before
// the barrier and read after it: no race between in-bounds accesses. So the report must name
// the out-of-bounds index, not a race.

#define TILE 32

__device__ float src[TILE][TILE];
__device__ float dst[TILE][TILE];

__global__ void transpose_tile()
{
    __shared__ float tile[TILE][TILE + 1];
    tile[threadIdx.y][threadIdx.x] = src[threadIdx.y][threadIdx.x];
    __syncthreads();
    dst[threadIdx.y][threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
