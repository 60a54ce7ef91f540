// Truth of probe_cf_uchar_carried.cu (session 12 probe): the kernel's own statements, compiled by g++.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        unsigned tid = th.x;

    unsigned char c = 250;
    for (int i = 0; i < 6; i++) c += 1;
    tr.write(0, (long long)(tid * (c + 1)), b, tl);

    });
    return tr.report();
}
