//xfail:data-race
//--blockDim=256 --gridDim=1
// mapcheck: exact
// As intrin_byte_perm_selector.cu, but threads t >= 128 use 0x7771: result byte 0 is x.b1,
// which is 0 for t < 256, so idx = 0 for every one of them: threads 128 and 129 (and thread
// 0) all write s[0] before the barrier, a write-write race. Host check:
// host/intrin_byte_perm_selector_racy.cpp.

__global__ void perm_by_thread_racy(const int *in, int *out)
{
    __shared__ int s[256];
    unsigned sel = 0x7770 + (threadIdx.x >> 7);
    unsigned idx = __byte_perm(threadIdx.x, threadIdx.x, sel);
    s[idx] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[255 - threadIdx.x];
}
