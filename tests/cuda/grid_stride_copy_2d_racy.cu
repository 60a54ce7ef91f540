//xfail:data-race
//--blockDim=[32,8] --gridDim=[8,8]
// mapcheck: exact
// Racy twin of grid_stride_copy_2d.cu (issue 20, geometry fixed by the header: 256 x 64
// threads): the rows advance by blockDim.y alone, not by blockDim.y * gridDim.y. Thread
// (x, y) of block (bx, 0) visits row y + 8 in its second row iteration, the first row of
// thread (x, y) of block (bx, 1): both write dst[(y + 8) * 1024 + col], storing different
// values (src + blockIdx.y), whenever height > 8 + y. The g++ host truth runs the loops with
// height = 16.

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
