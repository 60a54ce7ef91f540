//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Helpers in namespaces, called by qualified name: `rows::index(t)` is t while `cols::index`
// (same name, another namespace) is t / 2 and is not called. Each thread writes its own s[t]:
// race free.

namespace rows {
__device__ int index(int t) { return t; }
}
namespace cols {
__device__ int index(int t) { return t / 2; }
}

__global__ void qualified_call(const float *in, float *out)
{
    __shared__ float s[64];
    s[rows::index(threadIdx.x)] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
