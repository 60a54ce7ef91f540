// Truth of loop_unsigned_wrap_down.cu: the loop run as C runs it (unsigned wraparound).
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        unsigned x = th.x;
        for (unsigned i = 7 * x; i < 256u; i += 0xFFFFFFF0u)
            tr.write(0, i * 64 + x, b, t);
    });
    return tr.report();
}
