//pass
//--blockDim=128 --gridDim=1
// mapcheck: exact
// A function template taking `T &` (instantiated with T = float): `accumulate(s[t], v)` adds
// into s[t] through the reference, a read and a write of s[t]. Thread t touches only s[t]
// before the barrier and reads s[127 - t] after it: race free.

template <typename T>
__device__ void accumulate(T &dst, T v)
{
    dst += v;
}

__global__ void add_twice(const float *in, float *out)
{
    __shared__ float s[128];
    s[threadIdx.x] = 0.0f;
    accumulate(s[threadIdx.x], in[threadIdx.x]);
    accumulate(s[threadIdx.x], in[threadIdx.x]);
    __syncthreads();
    out[threadIdx.x] = s[127 - threadIdx.x];
}
