//pass
//--blockDim=[16,4] --gridDim=[4,4] -DWIDTH=64 -DHEIGHT=64
// mapcheck: exact
// CUDA samples `transpose`, transposeDiagonal: blocks are renumbered along diagonals to avoid
// partition camping. For a square matrix block (bx, by) handles tile
// (bx' = (bx + by) % gridDim.x, by' = bx), a bijection on the 4x4 grid, so distinct blocks
// write distinct tiles of odata. Within a block, thread (x, y) writes tile[y + j][x] for
// j = 0, 4, 8, 12 (distinct per thread), and after the barrier reads tile[x][y + j] and
// writes odata at its own transposed position: race free. The padding column (TILE_DIM + 1)
// only avoids bank conflicts.

#define TILE_DIM 16
#define BLOCK_ROWS 4

__global__ void transposeDiagonal(float *odata, float *idata, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];

    int blockIdx_x, blockIdx_y;

    if (WIDTH == HEIGHT) {
        blockIdx_y = blockIdx.x;
        blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;
    } else {
        int bid = blockIdx.x + gridDim.x * blockIdx.y;
        blockIdx_y = bid % gridDim.y;
        blockIdx_x = ((bid / gridDim.y) + blockIdx_y) % gridDim.x;
    }

    int xIndex = blockIdx_x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx_y * TILE_DIM + threadIdx.y;
    int index_in = xIndex + yIndex * WIDTH;

    xIndex = blockIdx_y * TILE_DIM + threadIdx.x;
    yIndex = blockIdx_x * TILE_DIM + threadIdx.y;
    int index_out = xIndex + yIndex * HEIGHT;

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * WIDTH];

    __syncthreads();

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        odata[index_out + i * HEIGHT] = tile[threadIdx.x][threadIdx.y + i];
}
