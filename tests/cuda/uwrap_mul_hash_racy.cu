//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Unsigned `*` wraps at 2^32: Knuth's multiplicative (Fibonacci) hashing of the thread's key,
// h = (key * 2654435761u) >> 26, keeps the top 6 bits of the 32-bit product. For the 64 keys
// 0..63 two keys land in the same of the 64 slots (host/uwrap_mul_hash_racy.cpp prints which)
// and both threads write table[h] before the barrier: a write-write race. Without the wrap,
// key * 2654435761 / 2^26 would be strictly increasing in the key (distinct slots).

__global__ void hash_insert(const int *keys_in, int *out)
{
    __shared__ int table[64];
    unsigned key = threadIdx.x;
    unsigned h = (key * 2654435761u) >> 26;
    table[h] = keys_in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = table[threadIdx.x];
}
