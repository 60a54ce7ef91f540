// Truth of conv_minmax_mixed_sign_racy.cu: min(int, unsigned) is an unsigned minimum in CUDA.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    const unsigned blockDimx = 64;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        int t = th.x;
        int left = min(t - 1, blockDimx - 2);
        tr.write(0, left, b, tl, 0);
        tr.read(0, t, b, tl, 1);
    });
    return tr.report();
}
