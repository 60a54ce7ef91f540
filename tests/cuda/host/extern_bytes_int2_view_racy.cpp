// Truth of extern_bytes_int2_view_racy.cu: v[t], s[t] and s[t + 64], with no barrier
// between them (all in phase 0). int2 as CUDA declares it: two ints, 8-byte aligned.
#include "truth.h"
struct alignas(8) int2 {
    int x, y;
};
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    alignas(16) static char buf[1024];
    int *s = (int *)buf;
    int2 *v = (int2 *)s;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        int x = th.x;
        tr.swrite_bytes(0, buf, &v[x], sizeof(int2), b, t, 0);
        tr.sread_bytes(0, buf, &s[x], sizeof(int), b, t, 0);
        tr.sread_bytes(0, buf, &s[x + 64], sizeof(int), b, t, 0);
    });
    return tr.report();
}
