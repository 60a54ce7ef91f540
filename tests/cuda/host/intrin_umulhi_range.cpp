// Truth of intrin_umulhi_range.cu: __umulhi(t << 26, 64) = t.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        unsigned h = th.x << 26;
        unsigned slot = __umulhi(h, 64);
        tr.write(0, slot, b, t, 0);
        tr.read(0, 63 - th.x, b, t, 1);
    });
    return tr.report();
}
