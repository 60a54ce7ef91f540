//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `__sad(x, y, z)` = |x - y| + z (issue 20): with y = 64 > t, |t - 64| = 64 - t, a bijection of
// 0..63 onto 1..64; thread t writes s[__sad(t, 64, 0) - 1] = s[63 - t]: race free. Host check:
// host/intrin_sad_distance.cpp.

__global__ void reverse_sad(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[__sad(t, 64, 0) - 1] = in[t];
    __syncthreads();
    out[t] = s[t];
}
