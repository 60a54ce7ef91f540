// Truth of probe_ll_from_unsigned.cu (session 12 probe): the kernel's own expressions, compiled by g++.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        unsigned tid = th.x;
        (void)tid;
        long long d = tid - 64u;
        if (d < 0)
            tr.write(0, 0, b, tl);
    });
    return tr.report();
}
