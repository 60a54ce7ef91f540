//pass
//--gridDim=[8,8]
// mapcheck: exact
// grid_stride_copy_2d.cu with the block shape left symbolic (issue 20 item 7: a fixed
// geometry must not decide less than a symbolic one): rows advance by blockDim.y * gridDim.y,
// columns by blockDim.x * gridDim.x, so row r is visited only by the threads with
// by * blockDim.y + y = r mod (blockDim.y * gridDim.y) — one (by, y) — and column c likewise
// by one (bx, x): each (row, col) has one owner (x, y, bx, by), whatever the block shape. Threads
// that differ only in threadIdx.z (blockDim.z is symbolic too) copy the same src cell into the
// same dst cell: a benign race (same value), which GPUVerify and SPEC §7 count as pass.
// (Until session 16 mapcheck said `unknown` here: z3 does not decide the grid-level query with
// the block shape symbolic; the fast path's positional and strided rules settle it.)

__global__ void copy2d(const float *src, float *dst, int height)
{
    const int width = 1024;
    for (int row = blockIdx.y * blockDim.y + threadIdx.y; row < height;
         row += blockDim.y * gridDim.y) {
        for (int col = blockIdx.x * blockDim.x + threadIdx.x; col < width;
             col += blockDim.x * gridDim.x) {
            dst[row * width + col] = src[row * width + col];
        }
    }
}
