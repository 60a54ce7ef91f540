//pass
//--blockDim=[16,4] --gridDim=[4,4]
// mapcheck: exact
// Tiled matrix transpose through shared memory (NVIDIA "An Efficient Matrix Transpose in CUDA
// C/C++", transposeCoalesced; the blog uses 32x8 blocks and 32x32 tiles, here 16x4 and
// 16x16 to keep the analysis quick). Each thread loads four rows of the tile (j = 0, 4, 8,
// 12), the barrier makes the whole tile visible, then each thread writes four columns of it
// to the transposed position. Block (bx, by) reads only tile
// (bx, by) of idata and writes only tile (by, bx) of odata: race free.

const int TILE_DIM = 16;
const int BLOCK_ROWS = 4;

__global__ void transposeCoalesced(float *odata, const float *idata)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    int width = gridDim.x * TILE_DIM;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];

    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;  // transpose block offset
    y = blockIdx.x * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
