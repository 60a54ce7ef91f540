//pass
//--blockDim=[32,8] --gridDim=[8,8]
// mapcheck: exact
// A 2-D grid-stride copy over a height x width matrix (pitch = width): rows advance by
// blockDim.y * gridDim.y, columns by blockDim.x * gridDim.x. Each (row, col) has exactly one
// owner thread, so the copy is race free for any matrix size.

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
