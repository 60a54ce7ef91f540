//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// An int2 view of an int buffer: v[t] (8 bytes) is s[2t] and s[2t + 1]. Thread t stores v[t],
// then after the barrier reads s[t] and s[t + 64] (a de-interleave): every read follows every
// write across the barrier, and the writes of different threads cover disjoint bytes: race
// free.

__global__ void deinterleave(const int2 *in, int *out)
{
    extern __shared__ int s[];
    int2 *v = (int2 *)s;
    int t = threadIdx.x;
    v[t] = in[t];
    __syncthreads();
    out[t] = s[t] + s[t + 64];
}
