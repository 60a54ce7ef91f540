// Truth of loop_pingpong_sub_racy.cu (no barrier in the loop): the accesses of buf (shared) per barrier interval, with cur
// computed as the kernel computes it.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    const int STEPS = 5;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        int x = th.x + 1;
        int phase = 0;
        tr.swrite(0, 0 * 66 + x, b, t, phase);
        if (th.x == 0) {
            for (long long c : {0LL, 65LL, 66LL, 66LL + 65})
                tr.swrite(0, c, b, t, phase);
        }
        phase++;
        int cur = 0;
        for (int s = 0; s < STEPS; s++) {
            tr.sread(0, cur * 66 + x - 1, b, t, phase);
            tr.sread(0, cur * 66 + x, b, t, phase);
            tr.sread(0, cur * 66 + x + 1, b, t, phase);
            tr.swrite(0, (1 - cur) * 66 + x, b, t, phase);
            cur = 1 - cur;
        }
        tr.sread(0, cur * 66 + x, b, t, phase);
        tr.write(1, th.x, b, t, phase);
    });
    return tr.report();
}
