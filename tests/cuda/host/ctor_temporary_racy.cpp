// Truth of ctor_temporary_racy.cu (issue 20): the kernel's own struct and statements, compiled by g++, so C++
// runs the constructor (initialiser order, delegation, default arguments) itself.
#include "truth.h"
struct Run {
    int base, len;
    Run(int b, int l) : base(b * l), len(l) {}
    int last() const { return base + len - 1; }
};
static int first_of(Run r) { return r.base; }
static int last_of(const Run &r) { return r.last(); }
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        int t = th.x;
        tr.write(0, first_of(Run(t, 4)), b, tl);
        tr.write(0, last_of(Run(t, 4)), b, tl);
        tr.write(0, Run(t, 4).last() + 1, b, tl);
    });
    return tr.report();
}
