//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// The 64-point bit reversal launched with 128 threads: __brev(t) >> 26 keeps the reversal of
// the 6 low bits only, so t and t + 64 (bit 6 lands in bit 25, shifted out) get the same r and
// both write s[r] before the barrier (threads 0 and 64 on s[0]): a write-write race. Host
// check: host/intrin_brev_bitreverse_racy.cpp.

__global__ void bit_reverse_64_too_many(const float2 *in, float2 *out)
{
    __shared__ float2 s[128];
    unsigned t = threadIdx.x;
    unsigned r = __brev(t) >> 26;
    s[r] = in[t];
    __syncthreads();
    out[t] = s[t];
}
