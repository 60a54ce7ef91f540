// Truth of bytes_selected_view_helper_racy.cu: the bytes of f[t / 2] with f selected by the
// thread's parity, and c[66] for thread 0, with the kernel's casts on a host buffer.
#include "truth.h"
int main()
{
    Truth tr({8, 1, 1}, {1, 1, 1});
    alignas(16) static char c[256];
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        unsigned x = th.x;
        float *f = (x % 2) ? (float *)(c + 64) : (float *)c;
        tr.swrite_bytes(0, c, &f[x / 2], sizeof(float), b, t);
        if (x == 0)
            tr.swrite_bytes(0, c, &c[66], 1, b, t);
    });
    return tr.report();
}
