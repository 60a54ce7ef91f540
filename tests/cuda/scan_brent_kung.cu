//pass
//--blockDim=64 --gridDim=16
// mapcheck: exact
// Brent–Kung inclusive scan of a section of 2 * blockDim.x elements (Kirk & Hwu, "Programming
// Massively Parallel Processors", ch. 8). Reduction tree: at `stride`, thread t updates
// XY[(t + 1) 2 stride - 1] from XY[(t + 1) 2 stride - 1 - stride]; distribution tree: thread t
// updates XY[(t + 1) 2 stride - 1 + stride] from XY[(t + 1) 2 stride - 1]. Within one level
// the written cells are distinct and never read by another thread; a barrier starts every
// level and ends the last: race free. Each block scans its own section.

#define SECTION_SIZE 128

__global__ void brent_kung_scan(const float *X, float *Y, int InputSize)
{
    __shared__ float XY[SECTION_SIZE];
    int i = 2 * blockIdx.x * blockDim.x + threadIdx.x;
    if (i < InputSize) XY[threadIdx.x] = X[i];
    if (i + blockDim.x < InputSize) XY[threadIdx.x + blockDim.x] = X[i + blockDim.x];

    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
        __syncthreads();
        int index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index < SECTION_SIZE)
            XY[index] += XY[index - stride];
    }
    for (int stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
        __syncthreads();
        int index = (threadIdx.x + 1) * stride * 2 - 1;
        if (index + stride < SECTION_SIZE)
            XY[index + stride] += XY[index];
    }
    __syncthreads();
    if (i < InputSize) Y[i] = XY[threadIdx.x];
    if (i + blockDim.x < InputSize) Y[i + blockDim.x] = XY[threadIdx.x + blockDim.x];
}
