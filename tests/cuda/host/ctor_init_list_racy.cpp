// Truth of ctor_init_list_racy.cu (issue 20): the kernel's own struct and statements, compiled by g++, so C++
// runs the constructor (initialiser order, delegation, default arguments) itself.
#include "truth.h"
struct P {
    int x, y;
    P(int a) : x(a / 2), y(a / 2 + 1) {}
};
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        P p(th.x);
        tr.write(0, p.x + p.y, b, tl);
    });
    return tr.report();
}
