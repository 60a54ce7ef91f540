//xfail:data-race
//--blockDim=[16,16] --gridDim=[8,8]
// mapcheck: data-dependent
// Issue 37, slow kinds: the escape-time loop of slow_mandelbrot.cu with the classic row-pitch
// bug: the pixel is dst[iy * blockDim.x + ix], the block's width (16) instead of the image's
// (128). Thread (ix, iy) = (16, 0) of block (1, 0) and thread (0, 1) of block (0, 0) both
// write dst[16], in different blocks: a grid-level write-write race. The values stored are
// escape counts of different pixels (c = 16 * scale + xOff and c = xOff + i * scale), which
// differ for some parameters (scale = 0.25, xOff = -2, yOff = 0: c = 2 escapes at once, count
// 1; c = -2 + 0.25i stays bounded for many steps): not a benign race.

#define IMAGE_W 128
#define IMAGE_H 128

__global__ void mandelbrot(int *dst, float xOff, float yOff, float scale, int crunch)
{
    const int ix = blockDim.x * blockIdx.x + threadIdx.x;
    const int iy = blockDim.y * blockIdx.y + threadIdx.y;
    if (ix < IMAGE_W && iy < IMAGE_H) {
        const float xPos = (float)ix * scale + xOff;
        const float yPos = (float)iy * scale + yOff;
        float x = xPos, y = yPos;
        float xx = x * x, yy = y * y;
        int i = crunch;
        while (--i && (xx + yy < 4.0f)) {
            y = x * y * 2.0f + yPos;
            x = xx - yy + xPos;
            yy = y * y;
            xx = x * x;
        }
        dst[iy * blockDim.x + ix] = crunch - i;
    }
}
