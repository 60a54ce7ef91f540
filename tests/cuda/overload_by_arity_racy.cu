//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `slot(t, 32)` calls the two-argument overload, t % 32: threads t and t + 32 (t < 32) both
// write s[t] before the barrier (threads 0 and 32 on s[0]): a write-write race. The
// one-argument overload defined last (t) is not the one called.

__device__ int slot(int t, int w) { return t % w; }
__device__ int slot(int t) { return t; }

__global__ void by_arity_wrap(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[slot(t, 32)] = in[t];
    __syncthreads();
    out[t] = s[(t + 1) % 64];
}
