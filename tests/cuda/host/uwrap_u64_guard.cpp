// Truth of uwrap_u64_guard.cu: (unsigned long long)(unsigned)x never exceeds 4294967295,
// checked at the edges of int (the guard is monotone in (unsigned)x, whose maximum is among
// them).
#include "truth.h"
#include <climits>
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    const int xs[] = {INT_MIN, -2, -1, 0, 1, INT_MAX};
    for_each_thread(tr, [&](Dim3 bl, Dim3 th, unsigned b, unsigned t) {
        (void)bl;
        (void)th;
        for (int x : xs)
            if ((unsigned long long)(unsigned)x > 4294967295ull)
                tr.write(0, 0, b, t, 0);
    });
    return tr.report();
}
