//xfail:data-race
//--blockDim=64 --gridDim=2
// mapcheck: exact
// The same clamps with the `long long` bound at 100: gids 100..127 all get i = 100 and write
// out[100] (threads 36 and 37 of block 1): a write-write race. The other two clamps stay
// bijections. Host check: host/intrin_minmax_types_racy.cpp.

__global__ void clamp_types_low(const float *in, float *out, float *mirror)
{
    __shared__ float s[64];
    long long gid = blockIdx.x * blockDim.x + threadIdx.x;
    long long i = llmax(llmin(gid, 100LL), 0LL);
    unsigned j = umin(threadIdx.x, 63u);
    int k = abs((int)threadIdx.x - 64);
    out[i] = in[gid];
    s[j] = in[gid];
    mirror[blockIdx.x * 64 + k - 1] = in[gid];
    __syncthreads();
    out[128 + gid] = s[63 - threadIdx.x];
}
