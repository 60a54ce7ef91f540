// Truth of slow_hash_rounds_racy.cu: the digests of the 64 threads, with the kernel's own
// expressions (unsigned arithmetic wraps as in CUDA), and the slot each writes.
#include "truth.h"
typedef unsigned int uint;
static uint rotl(uint x, uint s) { return (x << s) | (x >> (32u - s)); }
#define ROUND(a, b, c, d, m, k, s) a = b + rotl(a + ((b & c) | (~b & d)) + k + m, s)
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned blkid, unsigned t) {
        uint gid = th.x;
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
        tr.swrite(0, h & 63u, blkid, t, 0);
        tr.sread(0, th.x, blkid, t, 1);
    });
    return tr.report();
}
