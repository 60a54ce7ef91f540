// Truth of bytes_float4_tile_loop.cu: per iteration k (phases 2k and 2k + 1), the bytes of
// t4[t] and b[4096 + t] (t < 32) written, then the bytes of tile[(t + 1) % 1024] and
// b[4096 + t % 32] read and out's element written (global, all blocks), with the kernel's
// pointer arithmetic on a host buffer. float4 as CUDA declares it: four floats, 16-byte
// aligned.
#include "truth.h"
struct alignas(16) float4 {
    float x, y, z, w;
};
int main()
{
    Truth tr({256, 1, 1}, {64, 1, 1});
    alignas(16) static float tile[1032];
    float4 *t4 = (float4 *)tile;
    unsigned char *b = (unsigned char *)tile;
    for_each_thread(tr, [&](Dim3 blk, Dim3 th, unsigned bl, unsigned t) {
        unsigned x = th.x;
        for (int k = 0; k < 8; k++) {
            tr.swrite_bytes(0, tile, &t4[x], sizeof(float4), bl, t, 2 * k);
            if (x < 32)
                tr.swrite_bytes(0, tile, &b[4096 + x], 1, bl, t, 2 * k);
            tr.sread_bytes(0, tile, &tile[(x + 1) % 1024], sizeof(float), bl, t, 2 * k + 1);
            tr.sread_bytes(0, tile, &b[4096 + x % 32], 1, bl, t, 2 * k + 1);
            tr.write(1, (long long)(blk.x * 256 + x) * 8 + k, bl, t, 2 * k + 1);
        }
    });
    return tr.report();
}
