//xfail:data-race
//--blockDim=[16,16] --gridDim=[4,8]
// mapcheck: exact
// 2-D matrix addition whose column index forgot threadIdx.x: the 16 threads of a block row
// (same threadIdx.y, different threadIdx.x) all write C[row][blockIdx.x * 16]. A write-write
// race inside every block.

#define COLS 64
#define ROWS 128

__global__ void MatAddBuggy(const float *A, const float *B, float *C)
{
    int col = blockIdx.x * blockDim.x;                 // BUG: + threadIdx.x missing
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col < COLS && row < ROWS)
        C[row * COLS + col] = A[row * COLS + col] + B[row * COLS + col];
}
