//pass
//--blockDim=[32,8] --gridDim=[2,8]
// mapcheck: exact
// Tiled SGEMM with rectangular thread blocks: a 32x8 block computes a 32x32 tile of C, each
// thread four rows of it (ty, ty + 8, ty + 16, ty + 24), with 32x32 tiles of A and B loaded
// cooperatively (four cells per thread). Both barriers are in place: race free.

#define TILE 32
#define ROWS 8
#define K_DIM 256
#define N_DIM 64

__global__ void sgemm_tiles(const float *A, const float *B, float *C)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row0 = blockIdx.y * TILE;
    int col = blockIdx.x * TILE + tx;
    float acc0 = 0, acc1 = 0, acc2 = 0, acc3 = 0;

    for (int t = 0; t < K_DIM; t += TILE) {
        for (int r = 0; r < TILE; r += ROWS) {
            As[ty + r][tx] = A[(row0 + ty + r) * K_DIM + t + tx];
            Bs[ty + r][tx] = B[(t + ty + r) * N_DIM + col];
        }
        __syncthreads();
        for (int k = 0; k < TILE; ++k) {
            float b = Bs[k][tx];
            acc0 += As[ty][k] * b;
            acc1 += As[ty + 8][k] * b;
            acc2 += As[ty + 16][k] * b;
            acc3 += As[ty + 24][k] * b;
        }
        __syncthreads();
    }
    C[(row0 + ty) * N_DIM + col] = acc0;
    C[(row0 + ty + 8) * N_DIM + col] = acc1;
    C[(row0 + ty + 16) * N_DIM + col] = acc2;
    C[(row0 + ty + 24) * N_DIM + col] = acc3;
}
