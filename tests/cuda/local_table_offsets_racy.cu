//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The table's second offset is 16: odd thread t writes s[16 + t / 2] and even thread t'
// writes s[t' / 2], so thread 1 (16 + 0) and thread 32 (16) both write s[16] before the
// barrier: a write-write race.

__global__ void deinterleave_table_bad(const float *in, float *out)
{
    __shared__ float s[64];
    const int offs[2] = {0, 16};
    int t = threadIdx.x;
    s[offs[t % 2] + t / 2] = in[t];
    __syncthreads();
    out[t] = s[t];
}
