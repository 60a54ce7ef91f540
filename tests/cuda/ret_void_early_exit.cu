//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A `void` helper that returns early: odd threads leave `publish` before the store, so only
// even threads t write s[t / 2] (distinct cells 0..31). The reads follow the barrier: race
// free. (Without the early return, threads 2k and 2k + 1 would both write s[k].)

__device__ void publish(float *s, int t, float v)
{
    if (t % 2 != 0)
        return;
    s[t / 2] = v;
}

__global__ void compact_even(const float *in, float *out)
{
    __shared__ float s[32];
    int t = threadIdx.x;
    publish(s, t, in[t]);
    __syncthreads();
    if (t < 32)
        out[t] = s[t];
}
