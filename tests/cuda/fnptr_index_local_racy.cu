//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The local function pointer is `halve`: f(t) = t / 2, so threads 2k and 2k + 1 both write
// s[k] before the barrier (threads 0 and 1 on s[0]): a write-write race.

typedef int (*slot_fn)(int);

__device__ int identity(int t) { return t; }
__device__ int halve(int t) { return t / 2; }

__global__ void store_via_fnptr_half(const float *in, float *out)
{
    __shared__ float s[64];
    slot_fn f = halve;
    s[f(threadIdx.x)] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
