// Truth of intrin_umulhi_range_racy.cu: the wrapped hash reduced by __umulhi(h, 64).
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        unsigned h = th.x * 0x9E3779B9u;
        unsigned slot = __umulhi(h, 64);
        tr.write(0, slot, b, t, 0);
        tr.read(0, th.x, b, t, 1);
    });
    return tr.report();
}
