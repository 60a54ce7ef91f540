//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Lemire's range reduction of keys spread evenly over the 32-bit range: h = t << 26 for
// t < 64, and __umulhi(h, 64) = (t * 2^26 * 64) >> 32 = t: each thread writes its own
// table[t]: race free. Host check: host/intrin_umulhi_range.cpp.

__global__ void hash_reduce_spread(const int *vals, int *out)
{
    __shared__ int table[64];
    unsigned h = threadIdx.x << 26;
    unsigned slot = __umulhi(h, 64);
    table[slot] = vals[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = table[63 - threadIdx.x];
}
