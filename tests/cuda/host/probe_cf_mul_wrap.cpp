// Truth of probe_cf_mul_wrap.cu (issue 20): the kernel's own statements, compiled by g++.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        unsigned tid = th.x;

    unsigned m = 3;
    for (int i = 0; i < 32; i++)
        m *= 2;
    tr.write(0, (long long)(tid / (m + 1)), b, tl);

    });
    return tr.report();
}
