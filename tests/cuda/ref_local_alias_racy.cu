//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The local reference binds `s[t / 2]`: threads 2k and 2k + 1 both write s[k] through `acc`
// (`acc = in[t]`) in the same barrier interval: a write-write race. Read as a copy, the
// reference would make the kernel look write-free.

__global__ void pair_accumulate(const float *in, float *out)
{
    __shared__ float s[32];
    unsigned t = threadIdx.x;
    float &acc = s[t / 2];
    acc = in[t];
    __syncthreads();
    if (t < 32)
        out[t] = s[t];
}
