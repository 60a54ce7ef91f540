// Truth of param_neg_mirror.cu: with the shift clamped to 0..1024 no two threads collide;
// shifts -100..1100 are tried, which cover every clamped value.
#include "truth.h"
int main()
{
    bool racy = false;
    for (int shift = -100; shift <= 1100; shift++) {
        Truth tr({64, 1, 1}, {1, 1, 1});
        for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
            int i = (int)th.x + min(max(shift, 0), 1024);
            if (i < 0)
                i = -i;
            tr.write(0, i, b, t);
        });
        racy = racy || tr.racy();
    }
    printf("blockDim=[64,1,1] gridDim=[1,1,1]\n%s\n", racy ? "racy" : "race-free");
    return 0;
}
