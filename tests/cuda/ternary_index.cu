//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A conditional expression in an index (issue 20): s[t < 32 ? t + 32 : t - 32] swaps the two
// halves of the block, a bijection: each thread writes its own cell; reads follow the
// barrier: race free.

__global__ void swap_halves(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t < 32 ? t + 32 : t - 32] = in[t];
    __syncthreads();
    out[t] = s[t];
}
