//pass
//--blockDim=[64] --gridDim=[1]
// mapcheck: exact
// oob_view_cast.cu with 64 threads: f[t] of the `float *` view of `__shared__ int s[64]` is
// s[t], within the array; one store per thread, and the reads after the barrier (s[63 - t])
// are not written in their phase: race free.

__global__ void view_cast(int *out)
{
    __shared__ int s[64];
    float *f = (float *)s;
    f[threadIdx.x] = 1.0f;
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
