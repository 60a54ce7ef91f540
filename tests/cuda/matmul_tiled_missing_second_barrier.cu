//xfail:data-race
//--blockDim=[8,8] --gridDim=[4,4] -DWIDTH=32
// mapcheck: exact
// Tiled matrix multiplication with the SECOND barrier (end of each phase) missing: a fast
// thread starts loading the next tile into Mds[ty][tx] while a slow thread of the same row
// still reads Mds[ty][tx] for the current tile. The phase between the first barrier of
// iteration m and that of iteration m + 1 holds both accesses: a read-write race.

#define TILE_WIDTH 8

__global__ void MatrixMulNoSecondSync(const float *Md, const float *Nd, float *Pd)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
    int tx = threadIdx.x; int ty = threadIdx.y;
    int Row = blockIdx.y * TILE_WIDTH + ty;
    int Col = blockIdx.x * TILE_WIDTH + tx;

    float Pvalue = 0;
    for (int m = 0; m < WIDTH / TILE_WIDTH; ++m) {
        Mds[ty][tx] = Md[Row * WIDTH + (m * TILE_WIDTH + tx)];
        Nds[ty][tx] = Nd[(m * TILE_WIDTH + ty) * WIDTH + Col];
        __syncthreads();
        for (int k = 0; k < TILE_WIDTH; ++k)
            Pvalue += Mds[ty][k] * Nds[k][tx];
        // missing __syncthreads();
    }
    Pd[Row * WIDTH + Col] = Pvalue;
}
