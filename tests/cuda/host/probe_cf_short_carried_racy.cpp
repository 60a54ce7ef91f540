// Truth of probe_cf_short_carried_racy.cu (session 12 probe): the kernel's own statements, compiled by g++.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        unsigned tid = th.x;

    short s = 32000;
    for (int i = 0; i < 4; i++) s += 200;
    if (s < 0) tr.write(0, (long long)(0), b, tl);

    });
    return tr.report();
}
