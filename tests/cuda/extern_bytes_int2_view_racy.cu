//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// extern_bytes_int2_view without the barrier: thread 1 reads s[1 + 64] = s[65], which is the
// second half of v[32] (bytes 256..264 hold s[64] and s[65]) that thread 32 writes in the same
// interval: a read-write race.

__global__ void deinterleave_nosync(const int2 *in, int *out)
{
    extern __shared__ int s[];
    int2 *v = (int2 *)s;
    int t = threadIdx.x;
    v[t] = in[t];
    out[t] = s[t] + s[t + 64];
}
