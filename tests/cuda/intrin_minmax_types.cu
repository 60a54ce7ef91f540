//pass
//--blockDim=64 --gridDim=2
// mapcheck: exact
// `min`/`max` of several integer types (issue 20): llmin/llmax on `long long`, umin on
// `unsigned`, abs on `int`. Thread (b, t) computes i = llmax(llmin(gid, 127), 0) = gid (gid is
// in 0..127), j = umin(t, 63u) = t and k = abs(t - 64) = 64 - t, and writes out[i],
// s[j] and mirror[b * 64 + k - 1]: each a bijection of the threads: race free. Host check:
// host/intrin_minmax_types.cpp.

__global__ void clamp_types(const float *in, float *out, float *mirror)
{
    __shared__ float s[64];
    long long gid = blockIdx.x * blockDim.x + threadIdx.x;
    long long i = llmax(llmin(gid, 127LL), 0LL);
    unsigned j = umin(threadIdx.x, 63u);
    int k = abs((int)threadIdx.x - 64);
    out[i] = in[gid];
    s[j] = in[gid];
    mirror[blockIdx.x * 64 + k - 1] = in[gid];
    __syncthreads();
    out[128 + gid] = s[63 - threadIdx.x];
}
