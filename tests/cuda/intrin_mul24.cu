//pass
//--blockDim=128 --gridDim=8
// mapcheck: exact
// `__mul24` (issue 20), the 24-bit multiply of old CUDA code: blockIdx.x and blockDim.x are far
// below 2^23, so __mul24(blockIdx.x, blockDim.x) is their product and the global index is the
// usual one: each thread writes its own out[i]: race free. Host check: host/intrin_mul24.cpp.

__global__ void saxpy24(const float *x, float *y, float a)
{
    int i = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;
    y[i] = a * x[i] + y[i];
}
