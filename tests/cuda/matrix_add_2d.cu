//pass
//--blockDim=[16,16] --gridDim=[4,8]
// mapcheck: exact
// Element-wise matrix addition with 2-D blocks and a 2-D grid over a 128-row, 64-column
// matrix: thread (col, row) computes C[row][col]. Each cell has one thread: race free.

#define COLS 64
#define ROWS 128

__global__ void MatAdd(const float *A, const float *B, float *C)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col < COLS && row < ROWS)
        C[row * COLS + col] = A[row * COLS + col] + B[row * COLS + col];
}
