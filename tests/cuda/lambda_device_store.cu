//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — a lambda `[&](int i, float v) { ... }` does not parse
// A lambda inside the kernel capturing the shared array by reference: `put(i, v)` writes
// s[i]. Each thread calls it with its own index; the reads follow the barrier: race free.

__global__ void lambda_reverse(const float *in, float *out)
{
    __shared__ float s[64];
    auto put = [&](int i, float v) { s[i] = v; };
    put(threadIdx.x, in[threadIdx.x]);
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
