//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: data-dependent possibly-racy — the state carried across the message blocks has no closed form, so the lowering makes it `?` and the slot a per-thread unknown
// Issue 37, slow kinds: the rounds of slow_hash_rounds.cu (8 MD5-style rounds of
// rotate-and-add on state carried across message blocks), over 2 message blocks, whose digest
// now picks a slot of a shared table of 64, as a hash table's insertion does:
// bucket[h & 63] = gid. The 64 threads' digests are fixed numbers, and two of them share
// their low 6 bits (host/slow_hash_rounds_racy.cpp computes them with the kernel's own
// expressions and prints the first pair): two threads write one slot before the barrier,
// storing their own (different) ids — a write-write data race, not a benign one.

typedef unsigned int uint;

__device__ __forceinline__ uint rotl(uint x, uint s) { return (x << s) | (x >> (32u - s)); }

#define ROUND(a, b, c, d, m, k, s) a = b + rotl(a + ((b & c) | (~b & d)) + k + m, s)

__global__ void md5_buckets(uint *out)
{
    __shared__ uint bucket[64];
    uint gid = blockIdx.x * blockDim.x + threadIdx.x;
    uint a = 0x67452301u, b = 0xefcdab89u, c = 0x98badcfeu, d = 0x10325476u;
    for (int blk = 0; blk < 2; blk++) {
        uint m = gid * 16u + (uint)blk;
        ROUND(a, b, c, d, m, 0xd76aa478u, 7);
        ROUND(d, a, b, c, m, 0xe8c7b756u, 12);
        ROUND(c, d, a, b, m, 0x242070dbu, 17);
        ROUND(b, c, d, a, m, 0xc1bdceeeu, 22);
        ROUND(a, b, c, d, m, 0xf57c0fafu, 7);
        ROUND(d, a, b, c, m, 0x4787c62au, 12);
        ROUND(c, d, a, b, m, 0xa8304613u, 17);
        ROUND(b, c, d, a, m, 0xfd469501u, 22);
    }
    uint h = a + b + c + d;
    bucket[h & 63u] = gid;
    __syncthreads();
    out[gid] = bucket[threadIdx.x];
}
