// Truth of bytes_struct_padding.cu: the bytes of p[t].c, p[t].i and raw[8 * ((t + 1) % 32) + 1]
// before the barrier, then of p[(t + 1) % 32].i and .c after it, on a host array of the same
// struct (g++ lays it out as CUDA does: c at 0, i at 4, 8 bytes).
#include "truth.h"
struct P {
    char c;
    int i;
};
int main()
{
    Truth tr({32, 1, 1}, {1, 1, 1});
    static P p[32];
    unsigned char *raw = (unsigned char *)p;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned blk, unsigned t) {
        unsigned x = th.x;
        tr.swrite_bytes(0, p, &p[x].c, sizeof(char), blk, t, 0);
        tr.swrite_bytes(0, p, &p[x].i, sizeof(int), blk, t, 0);
        tr.swrite_bytes(0, p, &raw[8 * ((x + 1) % 32) + 1], 1, blk, t, 0);
        tr.sread_bytes(0, p, &p[(x + 1) % 32].i, sizeof(int), blk, t, 1);
        tr.sread_bytes(0, p, &p[(x + 1) % 32].c, sizeof(char), blk, t, 1);
    });
    return tr.report();
}
