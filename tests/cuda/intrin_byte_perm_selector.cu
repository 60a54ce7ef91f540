//pass
//--blockDim=256 --gridDim=1
// mapcheck: exact
// `__byte_perm` with a selector that differs between threads (issue 20): x = y = t (t < 256,
// so byte 0 of each is t and bytes 1..3 are 0). Threads t < 128 use 0x7770 (result byte 0 =
// x.b0), threads t >= 128 use 0x7774 (result byte 0 = y.b0); bytes 1..3 select y.b3 = 0.
// Either way idx = t: each thread writes its own s[t], race free. Host check:
// host/intrin_byte_perm_selector.cpp.

__global__ void perm_by_thread(const int *in, int *out)
{
    __shared__ int s[256];
    unsigned sel = 0x7770 + 4 * (threadIdx.x >> 7);
    unsigned idx = __byte_perm(threadIdx.x, threadIdx.x, sel);
    s[idx] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[255 - threadIdx.x];
}
