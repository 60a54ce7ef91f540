//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The views of extern_bytes_float4_double, with thread t reading d[t + 1] instead: thread 2
// reads d[3] (bytes 24..32), the second half of v[1] (bytes 16..32) that thread 1 writes in
// the same interval: a read-write race.

__global__ void neighbour_half(const float4 *in, double *out)
{
    extern __shared__ double d[];
    float4 *v = (float4 *)d;
    int t = threadIdx.x;
    v[t] = in[t];
    out[t] = d[t + 1];
}
