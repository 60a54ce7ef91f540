//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The helper returns early for t >= 48 only: threads 0..47 write s[t % 32], so threads t and
// t + 32 (t < 16) both write s[t] before the barrier (threads 0 and 32 on s[0]): a
// write-write race.

__device__ void publish(float *s, int t, float v)
{
    if (t >= 48)
        return;
    s[t % 32] = v;
}

__global__ void compact_wrap(const float *in, float *out)
{
    __shared__ float s[32];
    int t = threadIdx.x;
    publish(s, t, in[t]);
    __syncthreads();
    if (t < 32)
        out[t] = s[t];
}
