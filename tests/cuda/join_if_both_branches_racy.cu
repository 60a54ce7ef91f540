//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Both branches compute an index, but the odd branch forgets the offset of 32: threads 2k and
// 2k + 1 both get idx = k and write s[k] before the barrier (threads 0 and 1 on s[0]): a
// write-write race.

__global__ void deinterleave_join_bad(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    int idx;
    if (t % 2 == 0)
        idx = t / 2;
    else
        idx = t / 2;
    s[idx] = in[t];
    __syncthreads();
    out[t] = s[t];
}
