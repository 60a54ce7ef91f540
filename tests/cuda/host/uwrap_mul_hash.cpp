// Truth of uwrap_mul_hash.cu: the product wraps at 2^32 before the shift.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        unsigned key = th.x;
        unsigned h = (key * 2654435761u) >> 25;
        tr.write(0, h, b, t, 0);
        tr.read(0, h, b, t, 1);
    });
    return tr.report();
}
