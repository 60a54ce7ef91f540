// Truth of probe_cf_coupled.cu (issue 20): the kernel's own statements, compiled by g++.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        unsigned tid = th.x;

    int x = 0, y = 0;
    for (int i = 0; i < 4; i++) {
        x += y;
        y += 1;
    }
    tr.write(0, (long long)(tid / (x - 5)), b, tl);

    });
    return tr.report();
}
