// Truth of bytes_atomic_int_over_chars_racy.cu: c[t] (threads 0..3, plain) and the bytes of n[0]
// (threads 4..7, atomic), with the kernel's cast on a host buffer.
#include "truth.h"
int main()
{
    Truth tr({8, 1, 1}, {1, 1, 1});
    alignas(16) static unsigned char c[64];
    int *n = (int *)c;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        if (th.x < 4) {
            tr.swrite_bytes(0, c, &c[th.x], 1, b, t);
        } else {
            long long first = (const unsigned char *)&n[0] - c;
            for (long long k = 0; k < (long long)sizeof(int); k++)
                tr.accesses.push_back({0, first + k, true, true, true, b, t, 0});
        }
    });
    return tr.report();
}
