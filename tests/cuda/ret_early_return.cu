//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A `__device__` helper with a non-final `return` (issue 14): even threads get slot t / 2
// (0..31) from the early return, odd threads 32 + t / 2 (32..63) from the final one. The map
// t -> slot is a bijection of 0..63, so each thread writes its own s[slot]: race free. (If the
// early return were lost, every thread would get 32 + t / 2 and threads 2k, 2k + 1 would
// collide.)

__device__ int deinterleave(int t)
{
    if (t % 2 == 0)
        return t / 2;
    return 32 + t / 2;
}

__global__ void split_even_odd(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[deinterleave(t)] = in[t];
    __syncthreads();
    out[t] = s[t];
}
