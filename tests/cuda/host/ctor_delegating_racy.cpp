// Truth of ctor_delegating_racy.cu (issue 20): the kernel's own struct and statements, compiled by g++, so C++
// runs the constructor (initialiser order, delegation, default arguments) itself.
#include "truth.h"
static unsigned current_thread;
struct R {
    int at;
    R(int t, int stride = 1) : at(t * stride) {}
    R() : R(current_thread) {}
};
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        current_thread = th.x;
        R r;
        tr.write(0, r.at, b, tl);
        tr.write(0, r.at + 1, b, tl);
    });
    return tr.report();
}
