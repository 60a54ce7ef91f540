// Truth of conv_bool_flag_racy.cu: a non-zero int converts to bool 1.
#include "truth.h"
int main()
{
    Truth tr({4, 1, 1}, {8, 1, 1});
    for_each_thread(tr, [&](Dim3 bl, Dim3 th, unsigned b, unsigned t) {
        bool busy = th.x & 3;
        tr.write(0, 4 * bl.x + busy, b, t);
    });
    return tr.report();
}
