// Truth of param_neg_pad_racy.cu: a negative pad (the witness -1) overlaps two rows.
#include "truth.h"
int main()
{
    Truth tr({32, 8, 1}, {1, 1, 1});
    const int pad = -1;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        tr.write(0, th.y * (32 + pad) + th.x, b, t);
    });
    return tr.report();
}
