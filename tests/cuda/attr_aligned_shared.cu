//pass
//--blockDim=128 --gridDim=1
// mapcheck: exact
// Attributes on declarations (issue 14): `__align__(16)` and `__attribute__((aligned(16)))` on
// shared arrays change their alignment, not their cells. Thread t writes a[t] and b[t], then
// after the barrier reads a[127 - t] and b[127 - t]: race free.

__global__ void aligned_reverse(const float *in, float *out)
{
    __shared__ __align__(16) float a[128];
    __shared__ float b[128] __attribute__((aligned(16)));
    a[threadIdx.x] = in[threadIdx.x];
    b[threadIdx.x] = 2.0f * in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = a[127 - threadIdx.x] + b[127 - threadIdx.x];
}
