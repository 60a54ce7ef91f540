// Truth of param_neg_pad.cu: with the pad clamped to 0..32 no rows overlap; pads -100..100
// cover every clamped value.
#include "truth.h"
int main()
{
    bool racy = false;
    for (int pad = -100; pad <= 100; pad++) {
        Truth tr({32, 8, 1}, {1, 1, 1});
        for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
            int p = min(max(pad, 0), 32);
            tr.write(0, th.y * (32 + p) + th.x, b, t);
        });
        racy = racy || tr.racy();
    }
    printf("blockDim=[32,8,1] gridDim=[1,1,1]\n%s\n", racy ? "racy" : "race-free");
    return 0;
}
