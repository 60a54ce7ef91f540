//xfail:data-race
//--blockDim=[16,16] --gridDim=[2,2]
// mapcheck: exact
// The row pitch passed to `__umul24` is 16, half the matrix width: (row, col) and
// (row + 1, col - 16) meet, e.g. thread (0, 0) of block (1, 0) — row 0, col 16 — and thread
// (0, 1) of block (0, 0) — row 1, col 0 — both read-modify-write m[16]: a race. Host check:
// host/intrin_umul24_racy.cpp.

#define W 16

__global__ void matrix_scale24_bad_pitch(float *m, float k)
{
    unsigned row = __umul24(blockIdx.y, blockDim.y) + threadIdx.y;
    unsigned col = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;
    m[__umul24(row, W) + col] *= k;
}
