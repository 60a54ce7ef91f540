// Truth of intrin_byte_perm_racy.cu.
#include "truth.h"
int main()
{
    Truth tr({512, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        unsigned idx = __byte_perm(th.x, 0, 0x4400);
        tr.write(0, idx % 512, b, t, 0);
        tr.read(0, 511 - th.x, b, t, 1);
    });
    return tr.report();
}
