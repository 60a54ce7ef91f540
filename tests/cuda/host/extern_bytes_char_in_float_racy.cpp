// Truth of extern_bytes_char_in_float_racy.cu: s[t], then byte c[4t + 7] for t < 63.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    alignas(16) static char buf[1024];
    float *s = (float *)buf;
    unsigned char *c = (unsigned char *)s;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        int x = th.x;
        tr.swrite_bytes(0, buf, &s[x], sizeof(float), b, t);
        if (x < 63)
            tr.swrite_bytes(0, buf, &c[4 * x + 7], 1, b, t);
    });
    return tr.report();
}
