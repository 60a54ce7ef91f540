// Truth of probe_index64.cu (session 12 probe): the kernel's own expressions, compiled by g++.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        unsigned tid = th.x;
        (void)tid;
        // p = A + (tid - 1u): the offset is an unsigned int, zero-extended.
        long long p = (long long)(tid - 1u);
        tr.write(0, p + 1, b, tl);
        if (tid == 5)
            tr.write(0, 0, b, tl);
    });
    return tr.report();
}
