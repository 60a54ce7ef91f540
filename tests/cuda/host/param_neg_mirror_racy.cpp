// Truth of param_neg_mirror_racy.cu: a negative shift (the witness -2) makes cells collide.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    const int shift = -2;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        int i = (int)th.x + shift;
        if (i < 0)
            i = -i;
        tr.write(0, i, b, t);
    });
    return tr.report();
}
