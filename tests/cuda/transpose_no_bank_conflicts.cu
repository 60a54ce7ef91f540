//pass
//--blockDim=[16,16] --gridDim=[4,4] -DSIZE_X=64 -DSIZE_Y=64
// mapcheck: exact
// Square-block transpose with a padded tile (TILE_DIM + 1 columns) to avoid shared-memory bank
// conflicts, as in the CUDA samples' transpose. The padding changes the cell numbering but
// not the ownership: each thread writes tile[ty][tx] once, the barrier publishes it, each
// thread reads tile[tx][ty]. The matrix size comes from -D flags in the header.

#define TILE_DIM 16
#ifndef SIZE_X
#error "compile with -DSIZE_X=... -DSIZE_Y=..."
#endif

__global__ void transposeNoBankConflicts(float *odata, const float *idata)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];

    unsigned int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    unsigned int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    if (xIndex < SIZE_X && yIndex < SIZE_Y) {
        unsigned int index_in = yIndex * SIZE_X + xIndex;
        tile[threadIdx.y][threadIdx.x] = idata[index_in];
    }

    __syncthreads();

    xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
    yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
    if (xIndex < SIZE_Y && yIndex < SIZE_X) {
        unsigned int index_out = yIndex * SIZE_Y + xIndex;
        odata[index_out] = tile[threadIdx.x][threadIdx.y];
    }
}
