// Truth of conv_signed_compare.cu: the bound cast to `int` makes the comparison signed.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    const unsigned blockDimx = 64;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        int j = (int)th.x - 32;
        if (j < (int)(blockDimx / 2))
            tr.write(0, j + 32, b, t, 0);
        else
            tr.write(0, 0, b, t, 0);
        tr.read(0, th.x, b, t, 1);
    });
    return tr.report();
}
