// Truth of conv_bool_flag.cu: `bool upper = threadIdx.x & 32` is 0 or 1.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {8, 1, 1});
    for_each_thread(tr, [&](Dim3 bl, Dim3 th, unsigned b, unsigned t) {
        bool upper = th.x & 32;
        tr.write(0, 64 * bl.x + 32 * upper + (th.x & 31), b, t);
    });
    return tr.report();
}
