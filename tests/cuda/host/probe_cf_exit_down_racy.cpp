// Truth of probe_cf_exit_down_racy.cu (session 12 probe): the kernel's own statements, compiled by g++.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        unsigned tid = th.x;

    int i;
    for (i = 10; i > 0; i -= 3) { }
    tr.write(0, (long long)(tid * (i + 2)), b, tl);

    });
    return tr.report();
}
