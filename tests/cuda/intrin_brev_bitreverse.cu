//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `__brev` (issue 20): the bit-reversal permutation of an FFT of 64 points, r = __brev(t) >> 26,
// reverses the 6 low bits of t: a bijection of 0..63, so each thread writes its own s[r];
// the reads follow the barrier: race free. Host check: host/intrin_brev_bitreverse.cpp.

__global__ void bit_reverse_64(const float2 *in, float2 *out)
{
    __shared__ float2 s[64];
    unsigned t = threadIdx.x;
    unsigned r = __brev(t) >> 26;
    s[r] = in[t];
    __syncthreads();
    out[t] = s[t];
}
