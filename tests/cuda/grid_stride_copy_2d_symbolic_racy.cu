//xfail:data-race
//--gridDim=[8,8]
// mapcheck: exact
// grid_stride_copy_2d_racy.cu with the block shape left symbolic: the rows advance by
// blockDim.y alone. With gridDim.y = 8 and any block, thread (x, y) of block (bx, 0) reaches
// row y + blockDim.y in its second row iteration, the first row of thread (x, y) of block
// (bx, 1): both write the same cell with different values when height > y + blockDim.y.
// (Block (32, 8) is one witness: grid_stride_copy_2d_racy.cu's host truth.)

__global__ void copy2d(const int *src, int *dst, int height)
{
    const int width = 1024;
    for (int row = blockIdx.y * blockDim.y + threadIdx.y; row < height;
         row += blockDim.y) {
        for (int col = blockIdx.x * blockDim.x + threadIdx.x; col < width;
             col += blockDim.x * gridDim.x) {
            dst[row * width + col] = src[row * width + col] + (int)blockIdx.y;
        }
    }
}
