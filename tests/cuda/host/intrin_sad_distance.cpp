// Truth of intrin_sad_distance.cu.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        int t = th.x;
        tr.write(0, __sad(t, 64, 0) - 1, b, tl, 0);
        tr.read(0, t, b, tl, 1);
    });
    return tr.report();
}
