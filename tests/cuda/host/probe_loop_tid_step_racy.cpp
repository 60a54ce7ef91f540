// Truth of probe_loop_tid_step_racy.cu (session 12 probe): the kernel's own expressions, compiled by g++.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        unsigned tid = th.x;
        (void)tid;
        unsigned t = tid;
        for (int i = 0; i < 8; i += t % 2 + 1)
            tr.write(0, (t / 2) * 8 + (t % 2) * 4 + i, b, tl);
    });
    return tr.report();
}
