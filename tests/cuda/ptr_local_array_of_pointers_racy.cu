//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The local pointer table holds `even` twice: odd threads also write even[t / 2], so threads
// 2k and 2k + 1 both write even[k] (threads 0 and 1 on even[0]): a write-write race.

__global__ void split_parity_bad(const float *in, float *even, float *odd)
{
    float *bufs[2] = {even, even};
    int t = threadIdx.x;
    bufs[t % 2][t / 2] = in[t];
    (void)odd;
}
