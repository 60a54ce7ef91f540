// Truth of intrin_clz_heap_level_racy.cu: the position off by one.
#include "truth.h"
int main()
{
    Truth tr({63, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        int t = th.x;
        int l = 31 - __clz(t + 1);
        int p = t - (1 << l);
        if (p >= 0)
            tr.write(0, l * 32 + p, b, tl);
        else
            tr.write(0, 0, b, tl);
    });
    return tr.report();
}
