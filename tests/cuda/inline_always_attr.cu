//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A helper marked `__attribute__((always_inline))` (issue 20) is an ordinary function to
// inline: `put(s, t, v)` writes s[t]. Each thread writes its own s[t]; reads of s[63 - t]
// follow the barrier: race free.

__device__ __attribute__((always_inline)) inline void put(float *s, int i, float v)
{
    s[i] = v;
}

__global__ void reverse_always_inline(const float *in, float *out)
{
    __shared__ float s[64];
    put(s, threadIdx.x, in[threadIdx.x]);
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
