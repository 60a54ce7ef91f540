//pass
//--blockDim=[16,16] --gridDim=[4,4]
// mapcheck: exact
// __device__ helpers calling each other (row-major offset -> 2-D global coordinates ->
// element address), used by a 2-D image invert. Each pixel is read and written by its own
// thread only: race free.

#define IMG_W 64
#define IMG_H 64

__device__ int offset2d(int x, int y, int pitch) { return y * pitch + x; }
__device__ int global_x() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ int global_y() { return blockIdx.y * blockDim.y + threadIdx.y; }
__device__ bool inside(int x, int y) { return x < IMG_W && y < IMG_H; }

__global__ void invert(unsigned char *img)
{
    int x = global_x(), y = global_y();
    if (inside(x, y)) {
        int o = offset2d(x, y, IMG_W);
        img[o] = 255 - img[o];
    }
}
