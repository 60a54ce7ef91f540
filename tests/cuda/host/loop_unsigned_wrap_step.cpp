// Truth of loop_unsigned_wrap_step.cu: the loop run as C runs it (unsigned wraparound).
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        unsigned x = th.x;
        for (unsigned i = 8; i < 16u; i += 0xFFFFFFFCu)
            tr.write(0, 3 * x + 2 - i / 4, b, t);
    });
    return tr.report();
}
