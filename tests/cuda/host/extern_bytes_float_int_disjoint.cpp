// Truth of extern_bytes_float_int_disjoint.cu: the bytes of vals[t] and counts[t], with the
// kernel's pointer arithmetic on a host buffer (counts at &smem[4 * 64]).
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    alignas(16) static char smem[1024];
    float *vals = (float *)smem;
    int *counts = (int *)&smem[4 * 64];
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        tr.swrite_bytes(0, smem, &vals[th.x], sizeof(float), b, t);
        tr.swrite_bytes(0, smem, &counts[th.x], sizeof(int), b, t);
    });
    return tr.report();
}
