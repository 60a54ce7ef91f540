// Truth of loop_two_variables_racy.cu: the loop run as C runs it.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        for (int i = 0, j = th.x; i < 16; i++, j += 32)
            tr.write(0, j, b, t);
    });
    return tr.report();
}
