//pass
//--blockDim=[64] --gridDim=[1]
// mapcheck: exact
// oob_helper_param.cu with the helper's store guarded (i + 1 < 64): every store is within
// `__shared__ int s[64]`, one per thread; the reads after the barrier (s[t]) are not written in
// their phase: race free.

__device__ void put(int *a, int i)
{
    if (i + 1 < 64)
        a[i + 1] = i;
}

__global__ void helper_param(int *out)
{
    __shared__ int s[64];
    put(s, threadIdx.x);
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
