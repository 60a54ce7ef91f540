// Truth of extern_bytes_double_two_floats_racy.cu: threads below 32 write d[t], the others s[t].
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    alignas(16) static char buf[1024];
    float *s = (float *)buf;
    double *d = (double *)s;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        int x = th.x;
        if (x < 32)
            tr.swrite_bytes(0, buf, &d[x], sizeof(double), b, t);
        else
            tr.swrite_bytes(0, buf, &s[x], sizeof(float), b, t);
    });
    return tr.report();
}
