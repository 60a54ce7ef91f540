//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A float4 view of a double buffer: v[t] (16 bytes) is d[2t] and d[2t + 1]. Thread t writes
// v[t] and reads d[2t + 1], the second half of its own float4: only thread t touches bytes
// 16t..16t+16: race free, with no barrier.

__global__ void own_half(const float4 *in, double *out)
{
    extern __shared__ double d[];
    float4 *v = (float4 *)d;
    int t = threadIdx.x;
    v[t] = in[t];
    out[t] = d[2 * t + 1];
}
