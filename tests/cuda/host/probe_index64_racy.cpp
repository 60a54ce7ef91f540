// Truth of probe_index64_racy.cu (session 12 probe): the kernel's own expressions, compiled by g++.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        unsigned tid = th.x;
        (void)tid;
        long long p = (long long)(tid - 1u);
        tr.write(0, p + 1, b, tl);
        if (tid == 5)
            tr.write(0, 4294967296ll, b, tl);
    });
    return tr.report();
}
