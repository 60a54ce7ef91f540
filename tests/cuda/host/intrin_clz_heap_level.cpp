// Truth of intrin_clz_heap_level.cu: (level, position) of heap node t.
#include "truth.h"
int main()
{
    Truth tr({63, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        int t = th.x;
        int l = 31 - __clz(t + 1);
        int p = t + 1 - (1 << l);
        tr.write(0, l * 32 + p, b, tl);
    });
    return tr.report();
}
