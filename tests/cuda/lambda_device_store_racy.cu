//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — a lambda `[&](int i, float v) { ... }` does not parse
// The lambda called with threadIdx.x / 2: threads 2k and 2k + 1 both write s[k] through the
// captured reference before the barrier (threads 0 and 1 on s[0]): a write-write race.

__global__ void lambda_reverse_half(const float *in, float *out)
{
    __shared__ float s[64];
    auto put = [&](int i, float v) { s[i] = v; };
    put(threadIdx.x / 2, in[threadIdx.x]);
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
