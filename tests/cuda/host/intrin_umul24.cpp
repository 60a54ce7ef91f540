// Truth of intrin_umul24.cu: __umul24 as CUDA defines it (host/truth.h), W = 32.
#include "truth.h"
int main()
{
    Truth tr({16, 16, 1}, {2, 2, 1});
    const unsigned W = 32;
    for_each_thread(tr, [&](Dim3 bl, Dim3 th, unsigned b, unsigned t) {
        unsigned row = __umul24(bl.y, 16) + th.y;
        unsigned col = __umul24(bl.x, 16) + th.x;
        unsigned i = __umul24(row, W) + col;
        tr.read(0, i, b, t);
        tr.write(0, i, b, t);
    });
    return tr.report();
}
