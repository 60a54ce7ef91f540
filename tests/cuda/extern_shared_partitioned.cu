//pass
//--blockDim=64 --gridDim=16
// mapcheck: exact
// The right way to carve two arrays out of dynamic shared memory: one `extern __shared__`
// buffer and a pointer into it (`float *vals = keys + blockDim.x`), as the programming guide
// recommends. keys occupies cells [0, B), vals [B, 2B): thread t writes keys[t] and
// vals[B - 1 - t], which no other thread writes; reads follow the barrier: race free.

__global__ void pack_pairs_fixed(const float *k, const float *v, float *out)
{
    extern __shared__ float smem[];
    float *keys = smem;
    float *vals = smem + blockDim.x;
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    keys[t] = k[g];
    vals[blockDim.x - 1 - t] = v[g];
    __syncthreads();
    out[g] = keys[t] * vals[t];
}
