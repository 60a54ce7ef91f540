//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `t` is an `int`, so `lane_slot(t)` calls the `int` overload, which returns t / 2: threads
// 2k and 2k + 1 both write s[k] before the barrier (threads 0 and 1 on s[0]): a write-write
// race. The `long long` overload defined last (returning t) is not the one called.

__device__ int lane_slot(int t) { return t / 2; }
__device__ int lane_slot(long long t) { return (int)t; }

__global__ void by_type_pairs(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[lane_slot(t)] = in[t];
    __syncthreads();
    out[t] = s[63 - t];
}
