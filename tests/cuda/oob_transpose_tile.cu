//pass
//--blockDim=[32,32]
// mapcheck: exact
// A 32x32 transpose through a padded tile (`tile[32][33]`, the padding against bank
// conflicts of the CUDA samples), of matrices of fixed size in global memory, by one block.
// Thread (x, y) writes tile[y][x] and, after the barrier, dst[y][x] from tile[x][y]. With
// 32x32 threads every index lies within its dimension (x, y < 32 <= 33), the tile cells
// y * 33 + x of distinct threads are distinct, and so are the cells of dst: race free, no
// index out of bounds. Twin of oob_transpose_tile_any_block.cu (the same kernel without a
// geometry).

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
