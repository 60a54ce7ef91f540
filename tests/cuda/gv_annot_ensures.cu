//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A `__device__` helper with GPUVerify's contract annotations: `__requires` on its argument,
// `__ensures(__return_val_int() == t)`; both hold, and ignoring `__ensures` is sound. Each
// thread writes s[slot(t)] = s[t], then reads s[63 - t] after the barrier: race free.

__device__ int slot(int t)
{
    __requires(t >= 0);
    __ensures(__return_val_int() == t);
    return t;
}

__global__ void contract_store(const float *in, float *out)
{
    __shared__ float s[64];
    s[slot(threadIdx.x)] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
