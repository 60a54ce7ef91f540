//pass
//--blockDim=96 --gridDim=1
// mapcheck: exact
// Division by a magic number (issue 20): for 0 <= t < 2^31, __mulhi(t, 0x55555556) is t / 3
// (the compilers' signed division by 3). With row = t / 3 and col = t - 3 * row, thread t
// writes s[col * 32 + row], a transpose of the 32 x 3 layout: a bijection of 0..95, race
// free. Host check: host/intrin_mulhi_magic_div.cpp.

__global__ void transpose_by_three(const float *in, float *out)
{
    __shared__ float s[96];
    int t = threadIdx.x;
    int row = __mulhi(t, 0x55555556);
    int col = t - 3 * row;
    s[col * 32 + row] = in[t];
    __syncthreads();
    out[t] = s[t];
}
