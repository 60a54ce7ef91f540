// Truth of intrin_mul24.cu: __mul24 as CUDA defines it (host/truth.h).
#include "truth.h"
int main()
{
    Truth tr({128, 1, 1}, {8, 1, 1});
    const int blockDimx = 128;
    for_each_thread(tr, [&](Dim3 bl, Dim3 th, unsigned b, unsigned t) {
        int i = __mul24(bl.x, blockDimx) + th.x;
        tr.read(0, i, b, t);
        tr.write(0, i, b, t);
    });
    (void)blockDimx;
    return tr.report();
}
