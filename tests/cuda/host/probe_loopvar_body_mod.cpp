// Truth of probe_loopvar_body_mod.cu (session 12 probe): the kernel's own expressions, compiled by g++.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        unsigned tid = th.x;
        (void)tid;
        for (int i = 0; i < 4; i++) {
            tr.write(0, tid * 4 + i, b, tl);
            i += 1;
        }
    });
    return tr.report();
}
