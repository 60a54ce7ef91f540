//pass
//--blockDim=[32,8] --gridDim=[8,8]
// mapcheck: exact
// Tiled matrix transpose through shared memory (NVIDIA "An Efficient Matrix Transpose in CUDA
// C/C++", transposeCoalesced). A 32x8 block moves a 32x32 tile: each thread loads four rows
// of the tile (j = 0, 8, 16, 24), the barrier makes the whole tile visible, then each thread
// writes four columns of it to the transposed position. Block (bx, by) reads only tile
// (bx, by) of idata and writes only tile (by, bx) of odata: race free.

const int TILE_DIM = 32;
const int BLOCK_ROWS = 8;

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
