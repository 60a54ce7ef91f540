// Truth of param_unsigned_pad_racy.cu: 32 + pad wraps to 0 for pad = 2^32 - 32.
#include "truth.h"
int main()
{
    Truth tr({32, 8, 1}, {1, 1, 1});
    const unsigned pad = 4294967264u;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        tr.write(0, th.y * (32 + pad) + th.x, b, t);
    });
    return tr.report();
}
