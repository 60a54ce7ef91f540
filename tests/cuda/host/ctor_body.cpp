// Truth of ctor_body.cu (issue 20): the kernel's own struct and statements, compiled by g++, so C++
// runs the constructor (initialiser order, delegation, default arguments) itself.
#include "truth.h"
struct Q {
    int lo, hi;
    Q(int i)
    {
        lo = 2 * i;
        hi = lo + 1;
    }
};
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        Q q = Q(th.x);
        Q r = q;
        tr.write(0, r.lo, b, tl);
        tr.write(0, q.hi, b, tl);
    });
    return tr.report();
}
