//xfail:data-race
//--blockDim=[8,8] --gridDim=[4,4] -DWIDTH=32
// mapcheck: exact
// Tiled matrix multiplication with the FIRST barrier (after loading the tiles) missing:
// thread (tx, ty) reads Mds[ty][k] for every k, including cells other threads of its row are
// still writing in the same phase: a read-write race on shared memory.

#define TILE_WIDTH 8

__global__ void MatrixMulNoFirstSync(const float *Md, const float *Nd, float *Pd)
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
        // missing __syncthreads();
        for (int k = 0; k < TILE_WIDTH; ++k)
            Pvalue += Mds[ty][k] * Nds[k][tx];
        __syncthreads();
    }
    Pd[Row * WIDTH + Col] = Pvalue;
}
