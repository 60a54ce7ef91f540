//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The same unsigned distance with the `else` branch writing s[t + 32]: threads t < 32 (d
// wrapped, test false) write s[t + 32], threads t >= 32 write s[t - 32]: the halves swap, a
// bijection: race free. Host check: host/uwrap_sub_distance.cpp.

__global__ void swap_by_distance(const float *in, float *out)
{
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    unsigned d = t - 32u;
    if (d < 32)
        s[d] = in[t];
    else
        s[t + 32] = in[t];
    __syncthreads();
    out[t] = s[t];
}
