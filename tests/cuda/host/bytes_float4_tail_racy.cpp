// Truth of bytes_float4_tail_racy.cu: the bytes of t4[t] (threads 0..15) and of b[252 + t - 16]
// (threads 16..23) before the barrier, then of tile[t] after it, with the kernel's pointer
// arithmetic on a host buffer. float4 as CUDA declares it: four floats, 16-byte aligned.
#include "truth.h"
struct alignas(16) float4 {
    float x, y, z, w;
};
int main()
{
    Truth tr({32, 1, 1}, {1, 1, 1});
    alignas(16) static float tile[66];
    float4 *t4 = (float4 *)tile;
    unsigned char *b = (unsigned char *)tile;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned blk, unsigned t) {
        unsigned x = th.x;
        if (x < 16)
            tr.swrite_bytes(0, tile, &t4[x], sizeof(float4), blk, t, 0);
        else if (x < 24)
            tr.swrite_bytes(0, tile, &b[252 + (x - 16)], 1, blk, t, 0);
        tr.sread_bytes(0, tile, &tile[x], sizeof(float), blk, t, 1);
    });
    return tr.report();
}
