//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A distance from the block's centre, __sad(t, 32, 0) = |t - 32|: threads 31 and 33 are both
// at distance 1 and both write s[1] before the barrier: a write-write race. Host check:
// host/intrin_sad_distance_racy.cpp.

__global__ void by_distance(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[__sad(t, 32, 0)] = in[t];
    __syncthreads();
    out[t] = s[t];
}
