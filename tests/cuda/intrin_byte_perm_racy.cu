//xfail:data-race
//--blockDim=512 --gridDim=1
// mapcheck: exact
// The selector 0x4400 duplicates byte 0 instead of taking byte 1: idx = (t & 0xff) * 0x101,
// which forgets bit 8 of t, so threads t and t + 256 get the same idx and both write
// s[idx % 512] before the barrier (threads 0 and 256 on s[0]): a write-write race. Host
// check: host/intrin_byte_perm_racy.cpp.

__global__ void low_half_bad_selector(const int *in, int *out)
{
    __shared__ int s[512];
    unsigned idx = __byte_perm(threadIdx.x, 0, 0x4400);
    s[idx % 512] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[511 - threadIdx.x];
}
