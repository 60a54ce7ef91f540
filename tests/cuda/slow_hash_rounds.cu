//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// Issue 37, slow kinds: rounds of rotate-and-add on loop-carried state inside a loop, in the
// style of MD5 (the brute-force hashers of the public suites). Each thread hashes `nblocks`
// message blocks derived from its global id: per block, 8 rounds of MD5's first-round step
// (the choice function, a constant, a left rotation, additions that wrap) over the four
// words a, b, c, d carried from block to block. Each round reads the previous state twice, so
// the state written out as one expression doubles with every round. The digest goes to the
// thread's own cell, digest[gid]: distinct threads of the grid write distinct cells, nothing
// is read. Race free, whatever the digest and `nblocks` are.

typedef unsigned int uint;

__device__ __forceinline__ uint rotl(uint x, uint s) { return (x << s) | (x >> (32u - s)); }

#define ROUND(a, b, c, d, m, k, s) a = b + rotl(a + ((b & c) | (~b & d)) + k + m, s)

__global__ void md5_blocks(uint *digest, int nblocks)
{
    uint gid = blockIdx.x * blockDim.x + threadIdx.x;
    uint a = 0x67452301u, b = 0xefcdab89u, c = 0x98badcfeu, d = 0x10325476u;
    for (int blk = 0; blk < nblocks; blk++) {
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
    digest[gid] = a + b + c + d;
}
