// Truth of uwrap_u64_guard_racy.cu with x = -1: (unsigned long long)-1 is 2^64 - 1.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    const int x = -1;
    for_each_thread(tr, [&](Dim3 bl, Dim3 th, unsigned b, unsigned t) {
        (void)bl;
        if ((unsigned long long)x > 4294967295ull)
            tr.write(0, 0, b, t, 0);
    });
    return tr.report();
}
