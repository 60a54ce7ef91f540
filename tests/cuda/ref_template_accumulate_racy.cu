//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// The template accumulates into s[t % 64] through `T &dst`: threads t and t + 64 (t < 64) both
// read-modify-write s[t] before the barrier (threads 0 and 64 on s[0]): a race, made of the
// read and the write of `dst += v` through the reference.

template <typename T>
__device__ void accumulate(T &dst, T v)
{
    dst += v;
}

__global__ void add_folded(const float *in, float *out)
{
    __shared__ float s[128];
    accumulate(s[threadIdx.x % 64], in[threadIdx.x]);
    __syncthreads();
    out[threadIdx.x] = s[127 - threadIdx.x];
}
