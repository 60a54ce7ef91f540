// Truth of intrin_byte_perm_selector.cu.
#include "truth.h"
int main()
{
    Truth tr({256, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        unsigned sel = 0x7770 + 4 * (th.x >> 7);
        unsigned idx = __byte_perm(th.x, th.x, sel);
        tr.swrite(0, idx, b, t, 0);
        tr.sread(0, 255 - th.x, b, t, 1);
    });
    return tr.report();
}
