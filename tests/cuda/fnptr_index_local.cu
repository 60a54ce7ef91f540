//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A local function pointer initialised to a known function: `slot_fn f = identity;` so f(t)
// is t, and each thread writes its own s[t] before the barrier: race free.

typedef int (*slot_fn)(int);

__device__ int identity(int t) { return t; }
__device__ int halve(int t) { return t / 2; }

__global__ void store_via_fnptr(const float *in, float *out)
{
    __shared__ float s[64];
    slot_fn f = identity;
    s[f(threadIdx.x)] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
