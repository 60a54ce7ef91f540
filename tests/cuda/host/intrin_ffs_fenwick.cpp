// Truth of intrin_ffs_fenwick.cu.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        int t = th.x;
        int level = __ffs(t + 1) - 1;
        tr.write(0, level * 64 + t, b, tl);
    });
    return tr.report();
}
