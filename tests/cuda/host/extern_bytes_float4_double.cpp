// Truth of extern_bytes_float4_double.cu: v[t] and d[2t + 1], no barrier. float4 as CUDA
// declares it: four floats, 16-byte aligned.
#include "truth.h"
struct alignas(16) float4 {
    float x, y, z, w;
};
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    alignas(16) static char buf[2048];
    double *d = (double *)buf;
    float4 *v = (float4 *)d;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        int x = th.x;
        tr.swrite_bytes(0, buf, &v[x], sizeof(float4), b, t);
        tr.sread_bytes(0, buf, &d[2 * x + 1], sizeof(double), b, t);
    });
    return tr.report();
}
