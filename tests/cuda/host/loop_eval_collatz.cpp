// Truth of loop_eval_collatz.cu (issue 20): the kernel's own statements, compiled by g++.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        unsigned tid = th.x;

    unsigned x = 27;
    int steps = 0;
    while (x != 1) {
        x = (x % 2) ? 3 * x + 1 : x / 2;
        steps++;
    }
    tr.write(0, (long long)(tid / (steps - 110)), b, tl);

    });
    return tr.report();
}
