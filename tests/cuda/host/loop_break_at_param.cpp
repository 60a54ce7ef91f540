// Truth of loop_break_at_param.cu: the loop run as C runs it, for m = -3 .. 20 (racy when
// one of them is).
#include "truth.h"
int main()
{
    bool any = false;
    for (int m = -3; m <= 20; m++) {
        Truth tr({64, 1, 1}, {1, 1, 1});
        for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
            int i;
            for (i = 0; i < 16; i++) {
                if (i == m)
                    break;
                tr.write(0, i * 64 + th.x, b, t);
            }
            tr.write(0, i * 64 + (th.x + 1) % 64, b, t);
        });
        any = any || tr.racy();
    }
    printf("blockDim=[64,1,1] gridDim=[1,1,1]\n%s\n", any ? "racy" : "race-free");
    return 0;
}
