// Truth of ctor_out_of_line_racy.cu (issue 20): the kernel's own struct and statements, compiled by g++, so C++
// runs the constructor (initialiser order, delegation, default arguments) itself.
#include "truth.h"
struct O {
    int i;
    O(int t);
};
O::O(int t) : i(t) { i = i / 2 * 3; }
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        O o(th.x);
        tr.write(0, o.i, b, tl);
        tr.write(0, o.i + 1, b, tl);
    });
    return tr.report();
}
