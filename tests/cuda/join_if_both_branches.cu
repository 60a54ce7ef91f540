//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A variable assigned on both branches of an `if` (issue 20): even threads get idx = t / 2
// (0..31), odd threads idx = 32 + t / 2 (32..63). After the join, idx is a bijection of the
// threads: each writes its own s[idx]: race free.

__global__ void deinterleave_join(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    int idx;
    if (t % 2 == 0)
        idx = t / 2;
    else
        idx = 32 + t / 2;
    s[idx] = in[t];
    __syncthreads();
    out[t] = s[t];
}
