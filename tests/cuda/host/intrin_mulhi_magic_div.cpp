// Truth of intrin_mulhi_magic_div.cu: __mulhi(t, 0x55555556) = t / 3 for t >= 0.
#include "truth.h"
int main()
{
    Truth tr({96, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        int t = th.x;
        int row = __mulhi(t, 0x55555556);
        int col = t - 3 * row;
        tr.write(0, col * 32 + row, b, tl, 0);
        tr.read(0, t, b, tl, 1);
    });
    return tr.report();
}
