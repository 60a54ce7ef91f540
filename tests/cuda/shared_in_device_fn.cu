//pass
//--blockDim=64 --gridDim=2
// mapcheck: exact
// A `__shared__` array declared inside a `__device__` function is one array per block, shared
// by every thread that calls the function (not a per-thread local). Here each thread writes
// its own buf[t], the helper's barrier orders the writes before the reversed read: race free.

__device__ float reverse_in_block(float v)
{
    __shared__ float buf[64];
    buf[threadIdx.x] = v;
    __syncthreads();
    return buf[63 - threadIdx.x];
}

__global__ void reverse_blocks(const float *in, float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[gid] = reverse_in_block(in[gid]);
}
