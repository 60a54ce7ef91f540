// Truth of probe_ushort_trunc.cu (session 12 probe): the kernel's own expressions, compiled by g++.
#include "truth.h"
int main()
{
    Truth tr({32, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        unsigned tid = th.x;
        (void)tid;
        unsigned short k = tid << 11;
        tr.write(0, k >> 11, b, tl);
    });
    return tr.report();
}
