// Truth of grid_stride_copy_2d_racy.cu (issue 20): the kernel's loops and index, compiled by
// g++, with height = 16; the write of dst is recorded (the reads of src race with nothing).
#include "truth.h"
int main()
{
    Truth tr({32, 8, 1}, {8, 8, 1});
    for_each_thread(tr, [&](Dim3 blockIdx, Dim3 threadIdx, unsigned b, unsigned tl) {
        Dim3 blockDim = {32, 8, 1}, gridDim = {8, 8, 1};
        const int height = 16;
        const int width = 1024;
        for (int row = blockIdx.y * blockDim.y + threadIdx.y; row < height;
             row += blockDim.y) {
            for (int col = blockIdx.x * blockDim.x + threadIdx.x; col < width;
                 col += blockDim.x * gridDim.x) {
                tr.write(0, (long long)(row * width + col), b, tl);
            }
        }
    });
    return tr.report();
}
