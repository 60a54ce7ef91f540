//pass
//--blockDim=[16,16] --gridDim=[8,8]
// mapcheck: data-dependent
// Issue 37, slow kinds: an escape-time loop over floats (CUDA samples `Mandelbrot`, the
// GPGPU-Sim and C++ AMP suites' fractal kernels). Each thread iterates z = z^2 + c for its
// pixel until |z|^2 >= 4 or `crunch` iterations, then stores the count in its own pixel,
// dst[y * imageW + x] with imageW = 128 = gridDim.x * blockDim.x, x < 128, y < 128: distinct
// pixels for distinct threads, nothing else is written or read. Race free. Data-dependent:
// the loop's exit compares floats, which the lowering cannot follow (`?`).

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
        dst[iy * IMAGE_W + ix] = crunch - i;
    }
}
