// Truth of ctor_shared_member_racy.cu (issue 20): the kernel's own struct and statements, compiled by g++, so C++
// runs the constructor (initialiser order, delegation, default arguments) itself.
#include "truth.h"
struct Truth;
struct Stage {
    Truth *tile;
    int slot;
    Stage(Truth *buf, int t, unsigned b, unsigned tl) : tile(buf), slot(t % 32) { tile->write(0, slot, b, tl, 0); }
};
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned tl) {
        Stage s(&tr, th.x, b, tl);
        tr.read(0, 63 - th.x, b, tl, 1);
    });
    return tr.report();
}
