//pass
//--blockDim=[16,16] --gridDim=[4,8]
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the stored float values are not computed (`?`), so mapcheck cannot prove them equal
// 2-D matrix addition whose column index forgot threadIdx.x: the 16 threads of a block row
// (same threadIdx.y, different threadIdx.x) all write C[row][blockIdx.x * 16]. A write-write
// race inside every block.
// Truth (SPEC §7): a write-write race in which both threads store the same value is a
// benign race — advice, verdict drf — and here the racing threads of a block row all compute A[k] + B[k] for the same cell k and store it (in is never written, so both read
// the same value): the kernel is race free in that sense, though GPUVerify would flag it.

#define COLS 64
#define ROWS 128

__global__ void MatAddBuggy(const float *A, const float *B, float *C)
{
    int col = blockIdx.x * blockDim.x;                 // BUG: + threadIdx.x missing
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col < COLS && row < ROWS)
        C[row * COLS + col] = A[row * COLS + col] + B[row * COLS + col];
}
