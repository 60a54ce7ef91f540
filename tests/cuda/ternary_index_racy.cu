//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The halves folded instead of swapped: s[t < 32 ? t : 63 - t] maps t and 63 - t (t < 32) to
// the same cell (threads 0 and 63 on s[0]): a write-write race.

__global__ void fold_halves(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t < 32 ? t : 63 - t] = in[t];
    __syncthreads();
    out[t] = s[t];
}
