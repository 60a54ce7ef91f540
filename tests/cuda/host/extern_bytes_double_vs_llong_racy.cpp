// Truth of extern_bytes_double_vs_llong_racy.cu: thread 0 stores the double 1.0 and thread 1
// the long long 0x3f800000 into the same eight bytes. The race is a data race, not a benign one: the
// two stores leave different bytes (checked here, so a host where they coincided would fail).
#include "truth.h"
#include <cstdio>
#include <cstring>
int main()
{
    double one = 1.0;
    long long l1 = 0x3f800000LL;
    if (std::memcmp(&one, &l1, 8) == 0) {
        std::fprintf(stderr, "1.0 and 0x3f800000LL have the same bytes: the race would be benign\n");
        return 1;
    }
    Truth tr({32, 1, 1}, {1, 1, 1});
    alignas(16) static char buf[64];
    double *d = (double *)buf;
    long long *l = (long long *)d;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        if (th.x == 0)
            tr.swrite_bytes(0, buf, &d[0], sizeof(double), b, t);
        if (th.x == 1)
            tr.swrite_bytes(0, buf, &l[0], sizeof(long long), b, t);
    });
    return tr.report();
}
