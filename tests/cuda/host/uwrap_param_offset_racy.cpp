// Truth of uwrap_param_offset_racy.cu: a witness offset above 2^31 for which two slots collide.
#include "truth.h"
int main()
{
    Truth tr({96, 1, 1}, {1, 1, 1});
    const unsigned offset = 4294967280u;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        unsigned slot = (offset + th.x) % 96;
        tr.write(0, slot, b, t, 0);
        tr.read(0, slot, b, t, 1);
    });
    return tr.report();
}
