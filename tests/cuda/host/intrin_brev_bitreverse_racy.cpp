// Truth of intrin_brev_bitreverse_racy.cu: __brev(t) >> 26 for 128 threads.
#include "truth.h"
int main()
{
    Truth tr({128, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        unsigned r = __brev(th.x) >> 26;
        tr.write(0, r, b, t, 0);
        tr.read(0, th.x, b, t, 1);
    });
    return tr.report();
}
