// Truth of probe_cf_signed_div_neg.cu (issue 20): the kernel's own statements, compiled by g++.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        unsigned tid = th.x;

    int h = -100;
    for (int i = 0; i < 3; i++) h /= 2;
    tr.write(0, (long long)(tid / (h + 13)), b, tl);

    });
    return tr.report();
}
