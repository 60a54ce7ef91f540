//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Signed/unsigned mixing in `min` (issue 14): `t - 1` is an `int`, `blockDim.x - 1` an
// `unsigned`, so CUDA's `min(int, unsigned)` compares as unsigned: for thread 0, t - 1 = -1
// becomes 4294967295 and the minimum is 63. Thread 0 writes s[63], thread t > 0 writes
// s[t - 1]: a rotation, distinct cells: race free. (Read as signed, thread 0 would write s[-1].)
// Host check: host/conv_minmax_mixed_sign.cpp.

__global__ void rotate_min(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    int left = min(t - 1, blockDim.x - 1);
    s[left] = in[t];
    __syncthreads();
    out[t] = s[t];
}
