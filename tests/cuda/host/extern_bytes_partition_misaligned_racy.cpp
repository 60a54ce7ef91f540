// Truth of extern_bytes_partition_misaligned_racy.cu: three shorts at smem + 6t, and for even
// t an int at smem + 6t + 4.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    alignas(16) static char smem[1024];
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        int x = th.x;
        short *h = (short *)(smem + 6 * x);
        for (int k = 0; k < 3; k++)
            tr.swrite_bytes(0, smem, &h[k], sizeof(short), b, t);
        if (x % 2 == 0)
            tr.swrite_bytes(0, smem, (int *)(smem + 6 * x + 4), sizeof(int), b, t);
    });
    return tr.report();
}
