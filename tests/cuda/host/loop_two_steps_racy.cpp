// Truth of loop_two_steps_racy.cu: the cells each thread writes in the hand-unrolled loop.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    const int N = 1024;
    const unsigned blockDimx = 64;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        for (int i = th.x; i + (int)blockDimx < N;) {
            tr.write(0, i, b, t);
            i += blockDimx;
            tr.write(0, i, b, t);
            i += blockDimx - 1;
        }
    });
    return tr.report();
}
