// Truth of uwrap_add_ring.cu: unsigned head + threadIdx.x wraps at 2^32 before the % 64.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    const unsigned RING = 64;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        unsigned head = 4294967280u;
        unsigned slot = (head + th.x) % RING;
        tr.write(0, slot, b, t, 0);
        tr.read(0, (slot + 1) % RING, b, t, 1);
    });
    return tr.report();
}
