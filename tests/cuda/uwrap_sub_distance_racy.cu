//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Unsigned `-` wraps at 2^32: d = t - 32u is a huge value for t < 32, so the test `d < 32`
// is false there and those threads take the `else` branch and write s[t]; threads t >= 32
// write s[d] = s[t - 32]. Threads 0 and 32 both write s[0]: a write-write race. In unbounded
// integers d would be negative for t < 32, `d < 32` true, and the cells t - 32 distinct.
// Host check: host/uwrap_sub_distance_racy.cpp.

__global__ void fold_by_distance(const float *in, float *out)
{
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    unsigned d = t - 32u;
    if (d < 32)
        s[d] = in[t];
    else
        s[t] = in[t];
    __syncthreads();
    out[t] = s[t];
}
