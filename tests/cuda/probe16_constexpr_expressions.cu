//pass
//--blockDim=[32,8] --gridDim=[4,4]
// mapcheck: exact
// File-scope constants initialised by constant expressions rather than literals, as the CUDA
// samples' transpose writes them (Session 16 probe: only a literal initializer was followed;
// `TILE_DIM + 1`, `static_cast<int>(Dim::TILE)` and `TILE_DIM / BLOCK_ROWS` left the constant a
// cell of global memory, read as an unknown value, and the loop's trip count `?`).
// TILE_DIM = 32, BLOCK_ROWS = 8, PADDED = 33, STEPS = 4. Thread (tx, ty), ty in 0..7, writes
// tile[ty + j][tx] for j = 0, 8, 16, 24: rows ty, ty + 8, ty + 16, ty + 24, distinct for
// distinct ty. After the barrier it reads tile[tx][ty + j] and writes out[(y + j) * 128 + x],
// x = by * 32 + tx, y = bx * 32 + ty: one cell per (thread, j) in the grid. Race free.

enum class Dim : int { TILE = 32, ROWS = 8 };
constexpr int TILE_DIM = static_cast<int>(Dim::TILE);
constexpr int BLOCK_ROWS = (int)Dim::ROWS;
const int PADDED = TILE_DIM + 1;
const unsigned STEPS = TILE_DIM / BLOCK_ROWS;

__global__ void transpose_stamp(int *out)
{
    __shared__ int tile[TILE_DIM][PADDED];
    for (unsigned k = 0; k < STEPS; ++k)
        tile[threadIdx.y + k * BLOCK_ROWS][threadIdx.x] = threadIdx.y;
    __syncthreads();
    int x = blockIdx.y * TILE_DIM + threadIdx.x;
    int y = blockIdx.x * TILE_DIM + threadIdx.y;
    int width = gridDim.x * TILE_DIM;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
