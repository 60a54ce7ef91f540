// Truth of uwrap_shl_pack_racy.cu: threadIdx.x << 24 wraps at 2^32.
#include "truth.h"
int main()
{
    Truth tr({512, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3 bl, Dim3 th, unsigned b, unsigned t) {
        unsigned key = (th.x << 24) | bl.x;
        tr.write(0, key >> 24, b, t, 0);
        tr.read(0, th.x, b, t, 1);
    });
    return tr.report();
}
