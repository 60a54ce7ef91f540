// Truth of bytes_void_param_two_views.cu: the bytes of d[1] (thread 0) and of f[4] (thread 1),
// with the kernel's casts on a host buffer; out[0] is written by thread 1 alone.
#include "truth.h"
int main()
{
    Truth tr({32, 1, 1}, {1, 1, 1});
    alignas(16) static char mem[1024];
    void *p = mem;
    double *d = (double *)p;
    float *f = (float *)p;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        if (th.x == 0)
            tr.swrite_bytes(0, mem, &d[1], sizeof(double), b, t);
        if (th.x == 1) {
            tr.sread_bytes(0, mem, &f[4], sizeof(float), b, t);
            tr.write(1, 0, b, t);
        }
    });
    return tr.report();
}
