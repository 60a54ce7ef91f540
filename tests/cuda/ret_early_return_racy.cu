//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The clamp helper returns 0 early for t >= 60 and t otherwise: threads 0, 60, 61, 62 and 63
// all write s[0] in the same barrier interval: a write-write race. The final `return t` alone
// would give distinct cells; the race is in the early return.

__device__ int clamp_slot(int t)
{
    if (t >= 60)
        return 0;
    return t;
}

__global__ void clamp_store(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[clamp_slot(t)] = in[t];
    __syncthreads();
    out[t] = s[t];
}
