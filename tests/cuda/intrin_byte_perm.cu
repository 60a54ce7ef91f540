//pass
//--blockDim=512 --gridDim=1
// mapcheck: exact
// `__byte_perm` (issue 20): with y = 0 and selector 0x4410 the result's bytes are (x.b0, x.b1,
// 0, 0): the low 16 bits of x. For t < 512 that is t, so each thread writes its own s[t]:
// race free. Host check: host/intrin_byte_perm.cpp.

__global__ void low_half(const int *in, int *out)
{
    __shared__ int s[512];
    unsigned idx = __byte_perm(threadIdx.x, 0, 0x4410);
    s[idx] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[511 - threadIdx.x];
}
