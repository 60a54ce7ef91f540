//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The qualified call names `cols::index`, t / 2 (the `rows::index` defined last is the
// identity): threads 2k and 2k + 1 both write s[k] before the barrier (threads 0 and 1 on
// s[0]): a write-write race.

namespace cols {
__device__ int index(int t) { return t / 2; }
}
namespace rows {
__device__ int index(int t) { return t; }
}

__global__ void qualified_call_cols(const float *in, float *out)
{
    __shared__ float s[64];
    s[cols::index(threadIdx.x)] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
