// Truth of loop_break_mid.cu: the loop run as C runs it, for n = 1 .. 16 (racy when one of
// them is).
#include "truth.h"
int main()
{
    bool any = false;
    for (int n = 1; n <= 16; n++) {
        Truth tr({64, 1, 1}, {1, 1, 1});
        for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
            int row = 0;
            for (int i = 0; i < 16; i++) {
                row = i;
                tr.write(0, i * 64 + th.x, b, t);
                if (i == n - 1)
                    break;
                tr.write(1, i * 64 + th.x, b, t);
            }
            tr.write(0, (row + 1) * 64 + (th.x + 1) % 64, b, t);
        });
        any = any || tr.racy();
    }
    printf("blockDim=[64,1,1] gridDim=[1,1,1]\n%s\n", any ? "racy" : "race-free");
    return 0;
}
