//xfail:data-race
//--blockDim=96 --gridDim=1
// mapcheck: exact
// The magic constant rounded down (0x55555555 instead of 0x55555556): __mulhi(t, 0x55555555)
// is t / 3 - 1 when t is a positive multiple of 3, so thread 3 gets row 0 and, with
// col = t % 3 = 0, writes s[0] like thread 0: a write-write race. Host check:
// host/intrin_mulhi_magic_div_racy.cpp.

__global__ void transpose_by_three_bad_magic(const float *in, float *out)
{
    __shared__ float s[96];
    int t = threadIdx.x;
    int row = __mulhi(t, 0x55555555);
    int col = t % 3;
    s[col * 32 + row] = in[t];
    __syncthreads();
    out[t] = s[t];
}
