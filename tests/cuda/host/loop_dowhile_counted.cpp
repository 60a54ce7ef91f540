// Truth of loop_dowhile_counted.cu: the do-while run as C runs it.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {2, 1, 1});
    for_each_thread(tr, [&](Dim3 bi, Dim3 th, unsigned b, unsigned t) {
        int i = bi.x * 64 + th.x;
        do {
            tr.write(0, i, b, t);
            i += 2 * 64;
        } while (i < 512);
    });
    return tr.report();
}
