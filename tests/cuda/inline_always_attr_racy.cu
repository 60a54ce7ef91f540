//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The always_inline helper called with index t / 2: threads 2k and 2k + 1 both write s[k]
// before the barrier (threads 0 and 1 on s[0]): a write-write race.

__device__ __attribute__((always_inline)) inline void put(float *s, int i, float v)
{
    s[i] = v;
}

__global__ void reverse_always_inline_half(const float *in, float *out)
{
    __shared__ float s[64];
    put(s, threadIdx.x / 2, in[threadIdx.x]);
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
