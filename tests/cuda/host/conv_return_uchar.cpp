// Truth of conv_return_uchar.cu: the slot through an `unsigned short` return type.
#include "truth.h"
static unsigned short byte_slot(int t) { return t * 4; }
int main()
{
    Truth tr({128, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        int slot = byte_slot(th.x);
        tr.write(0, slot, b, t, 0); // s[slot] before the barrier
        tr.read(0, slot, b, t, 1);  // s[slot] after it
    });
    return tr.report();
}
