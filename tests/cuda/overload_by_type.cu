//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Overloads resolved by argument type (issue 14): `t` is an `int`, so `lane_slot(t)` calls
// the `int` overload, which returns t: each thread writes its own s[t]. The `long long`
// overload (t / 2, defined last) is not called: race free.

__device__ int lane_slot(int t) { return t; }
__device__ int lane_slot(long long t) { return (int)(t / 2); }

__global__ void by_type(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[lane_slot(t)] = in[t];
    __syncthreads();
    out[t] = s[63 - t];
}
