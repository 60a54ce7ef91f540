// Truth of probe_cf_exit_le.cu (session 12 probe): the kernel's own statements, compiled by g++.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        unsigned tid = th.x;

    int i;
    for (i = 0; i <= 10; i += 4) { }
    tr.write(0, (long long)(tid * (i - 11)), b, tl);

    });
    return tr.report();
}
