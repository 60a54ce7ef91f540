//pass
//--blockDim=[32,32] --gridDim=[4,4]
// mapcheck: exact
// The tiled transpose of "An Efficient Matrix Transpose in CUDA C/C++" (square 32x32 blocks,
// `tile[32][33]` padded against bank conflicts) of a 128x128 matrix by a 4x4 grid. Block
// (bx, by), thread (x, y) writes tile[y][x] (x, y < 32: within both dimensions, distinct per
// thread), and after the barrier reads tile[x][y] and writes odata[(bx*32 + y)*128 + by*32 + x]:
// distinct blocks or threads write distinct cells of odata. Race free, every index in bounds.

#define TILE 32
#define N 128

__global__ void transpose_grid(float *odata, const float *idata)
{
    __shared__ float tile[TILE][TILE + 1];
    unsigned x = blockIdx.x * TILE + threadIdx.x;
    unsigned y = blockIdx.y * TILE + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = idata[y * N + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    odata[y * N + x] = tile[threadIdx.x][threadIdx.y];
}
