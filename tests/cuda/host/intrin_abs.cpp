// Truth of intrin_abs.cu.
#include "truth.h"
#include <cstdlib>
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        int x = th.x;
        tr.read(0, x, b, t);
        tr.write(1, std::abs(x - 63), b, t);
    });
    return tr.report();
}
