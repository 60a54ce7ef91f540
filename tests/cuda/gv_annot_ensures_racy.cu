//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The helper returns t / 2 (and says so in its `__ensures`): threads 2k and 2k + 1 both write
// s[k] before the barrier (threads 0 and 1 on s[0]): a write-write race.

__device__ int slot(int t)
{
    __requires(t >= 0);
    __ensures(__return_val_int() == t / 2);
    return t / 2;
}

__global__ void contract_store_half(const float *in, float *out)
{
    __shared__ float s[64];
    s[slot(threadIdx.x)] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
