//pass
//--blockDim=[64] --gridDim=[1]
// mapcheck: exact
// oob_atomic_ptr.cu with the index wrapped: atomicAdd on &s[(t + 1) % 64] stays within
// `__shared__ int s[64]`; atomics do not race with one another, and the reads after the
// barrier are not written in their phase: race free.

__global__ void atomic_ptr(int *out)
{
    __shared__ int s[64];
    atomicAdd(&s[(threadIdx.x + 1) % 64], 1);
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
