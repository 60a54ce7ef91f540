//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A call through a local function pointer that is initialised with `block_barrier` and never
// changed is a call of `block_barrier`, whose `__syncthreads()` separates the writes of
// s[t] from the reads of s[63 - t]. Race free. (mapcheck once treated the call as unknown,
// lost the barrier, and reported a proven race.)

__device__ void block_barrier() { __syncthreads(); }

__global__ void reverse_via_pointer(int *out)
{
    __shared__ int s[64];
    void (*sync)() = block_barrier;
    s[threadIdx.x] = threadIdx.x;
    sync();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
