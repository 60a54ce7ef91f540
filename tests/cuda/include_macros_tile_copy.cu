//pass
//--blockDim=[32,32] --gridDim=[4,2]
// mapcheck: exact
// Tile copy through shared memory using a local header (`#include "kernel_config.h"`) for the
// tile size and the IDX2 indexing macro, plus an include guard and a system header that is
// ignored. Each thread stages and writes back its own cell (with a mirrored read of the tile
// after the barrier): race free.

#include <cuda_runtime.h>
#include "kernel_config.h"
#include "kernel_config.h"   /* twice: the include guard makes it harmless */

#define PITCH (TILE * 4)

__global__ void mirror_tiles(const float *src, float *dst)
{
    __shared__ float tile[TILE][TILE];
    int col = blockIdx.x * TILE + threadIdx.x;
    int row = blockIdx.y * TILE + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = src[IDX2(row, col, PITCH)];
    __syncthreads();
    dst[IDX2(row, col, PITCH)] = tile[threadIdx.y][TILE - 1 - threadIdx.x];
}
