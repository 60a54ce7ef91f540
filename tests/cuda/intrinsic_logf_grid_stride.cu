//pass
//--blockDim=128 --gridDim=8
// mapcheck: exact
// A grid-stride loop over an `unsigned n` (so its step may wrap, and the loop is counted by
// its trip count, which needs a body that cannot loop forever without progress) whose body
// calls body-less math intrinsics of the CUDA API (issue 38 item 6): __logf, sqrtf and
// __float2int_rn compute values and return, so the loop is counted. Each i is visited by one
// thread: out[i] and idx[i] have one writer each. Race free.

__global__ void logk(float *out, int *idx, const float *in, unsigned n)
{
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        out[i] = __logf(in[i]) + sqrtf(in[i]);
        idx[i] = __float2int_rn(in[i]);
    }
}
