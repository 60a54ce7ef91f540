// Truth of loop_eval_nested_racy.cu (issue 20): the kernel's own statements, compiled by g++.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        unsigned tid = th.x;

    int s = 0;
    for (int a = 0; a < 10; a++)
        for (int b = 0; b < a; b++) {
            if (b == 7) break;
            if ((a ^ b) & 1) s += a * b; else { s -= b; continue; }
            s++;
        }
    short w = 30000;
    for (int i = 0; i < 3; i++) w += 20000;
    tr.write(0, (long long)(tid * (s - 352 + (w - 24464))), b, tl);

    });
    return tr.report();
}
