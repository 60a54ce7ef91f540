//xfail:data-race
//--blockDim=64 --gridDim=16
// mapcheck: exact
// Brent–Kung scan whose distribution tree lost its barrier. At stride 32 thread 0 writes
// XY[95]; at stride 16 thread 2 reads XY[(2 + 1) * 32 - 1] = XY[95] in the same phase, with
// no barrier in between: a read-write race.

#define SECTION_SIZE 128

__global__ void brent_kung_scan_racy(const float *X, float *Y, int InputSize)
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
    __syncthreads();
    for (int stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
        int index = (threadIdx.x + 1) * stride * 2 - 1;
        if (index + stride < SECTION_SIZE)
            XY[index + stride] += XY[index];
        // missing __syncthreads();
    }
    __syncthreads();
    if (i < InputSize) Y[i] = XY[threadIdx.x];
    if (i + blockDim.x < InputSize) Y[i + blockDim.x] = XY[threadIdx.x + blockDim.x];
}
