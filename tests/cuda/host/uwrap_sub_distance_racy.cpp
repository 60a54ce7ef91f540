// Truth of uwrap_sub_distance_racy.cu: t - 32u wraps at 2^32 for t < 32.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        unsigned t = th.x;
        unsigned d = t - 32u;
        if (d < 32)
            tr.write(0, d, b, tl, 0);
        else
            tr.write(0, t, b, tl, 0);
        tr.read(0, t, b, tl, 1);
    });
    return tr.report();
}
