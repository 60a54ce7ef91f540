//pass
//--blockDim=[8,8] --gridDim=[4,4] -DWIDTH=32
// mapcheck: exact
// Tiled matrix multiplication C = A * B of WIDTH x WIDTH matrices (Kirk & Hwu, ch. 4/5).
// For each phase m, the block loads one TILE x TILE tile of A and of B into shared memory,
// synchronises (first barrier: the tiles are complete), accumulates the dot-product
// contributions, and synchronises again (second barrier: nobody overwrites the tiles while
// others still read them). Thread (tx, ty) writes only Md[ty][tx], Nd[ty][tx] and one C cell.

#define TILE_WIDTH 8

__global__ void MatrixMulKernel(const float *Md, const float *Nd, float *Pd)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x;  int by = blockIdx.y;
    int tx = threadIdx.x; int ty = threadIdx.y;

    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;

    float Pvalue = 0;
    for (int m = 0; m < WIDTH / TILE_WIDTH; ++m) {
        Mds[ty][tx] = Md[Row * WIDTH + (m * TILE_WIDTH + tx)];
        Nds[ty][tx] = Nd[(m * TILE_WIDTH + ty) * WIDTH + Col];
        __syncthreads();

        for (int k = 0; k < TILE_WIDTH; ++k)
            Pvalue += Mds[ty][k] * Nds[k][tx];
        __syncthreads();
    }
    Pd[Row * WIDTH + Col] = Pvalue;
}
