//xfail:data-race
//--blockDim=[32,8] --gridDim=[4,4]
// mapcheck: exact
// The twin of probe16_constexpr_expressions.cu with the row step computed too small:
// BLOCK_ROWS = TILE_DIM / 8 = 4 while the block has 8 rows of threads, STEPS = 32 / 4 = 8.
// Thread (tx, 0) at k = 1 writes tile[4][tx] = 0 and thread (tx, 4) at k = 0 writes
// tile[4][tx] = 4, in the same barrier interval: a write-write race with different values.

enum class Dim : int { TILE = 32 };
constexpr int TILE_DIM = static_cast<int>(Dim::TILE);
constexpr int BLOCK_ROWS = TILE_DIM / 8;
const int PADDED = TILE_DIM + 1;
const unsigned STEPS = TILE_DIM / BLOCK_ROWS;

__global__ void transpose_stamp_short_step(int *out)
{
    __shared__ int tile[TILE_DIM][PADDED];
    for (unsigned k = 0; k < STEPS; ++k)
        tile[threadIdx.y + k * BLOCK_ROWS][threadIdx.x] = threadIdx.y;
    __syncthreads();
    int x = blockIdx.y * TILE_DIM + threadIdx.x;
    int y = blockIdx.x * TILE_DIM + threadIdx.y;
    out[y * gridDim.x * TILE_DIM + x] = tile[threadIdx.x][threadIdx.y];
}
