// Truth of auto_unsigned_distance.cu: the type of d decides whether `d < 0` can hold.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        auto d = th.x - 32;
        if (d < 0)
            d = -d;
        tr.write(0, d % 64, b, t, 0);
        tr.read(0, th.x, b, t, 1);
    });
    return tr.report();
}
