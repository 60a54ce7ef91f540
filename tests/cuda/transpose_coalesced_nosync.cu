//xfail:data-race
//--blockDim=[16,4] --gridDim=[4,4]
// mapcheck: exact
// transposeCoalesced without the barrier between filling the tile and reading it back
// transposed: thread (tx, ty) = (1, 0) reads tile[1][0], which thread (0, 1) writes in the
// same phase. A read-write race on shared memory.

const int TILE_DIM = 16;
const int BLOCK_ROWS = 4;

__global__ void transposeNoSync(float *odata, const float *idata)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    int width = gridDim.x * TILE_DIM;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];

    // missing __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
