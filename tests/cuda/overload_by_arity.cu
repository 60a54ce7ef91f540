//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Overloads resolved by arity: `slot(t)` calls the one-argument overload (t), not the
// two-argument one defined last (t % w): each thread writes its own s[t]: race free.

__device__ int slot(int t) { return t; }
__device__ int slot(int t, int w) { return t % w; }

__global__ void by_arity(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[slot(t)] = in[t];
    __syncthreads();
    out[t] = s[(t + 1) % 64];
}
