//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Lemire's multiply-high range reduction: slot = __umulhi(h, 64) maps a 32-bit hash h to
// 0..63. With h = t * 0x9E3779B9u (wrapping), two of the 64 threads get the same slot
// (host/intrin_umulhi_range_racy.cpp prints which) and both write table[slot] before the
// barrier: a write-write race.

__global__ void hash_reduce(const int *vals, int *out)
{
    __shared__ int table[64];
    unsigned h = threadIdx.x * 0x9E3779B9u;
    unsigned slot = __umulhi(h, 64);
    table[slot] = vals[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = table[threadIdx.x];
}
