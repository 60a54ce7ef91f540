// Truth of bytes_global_short_halves.cu: the bytes of buf[t] (threads 0..15) and of h[t + 16]
// (threads 16..31), with the kernel's pointer arithmetic on a host buffer.
#include "truth.h"
int main()
{
    Truth tr({32, 1, 1}, {1, 1, 1});
    alignas(16) static char mem[1024];
    int *buf = (int *)mem;
    short *h = (short *)buf;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        if (th.x < 16)
            tr.swrite_bytes(0, mem, &buf[th.x], sizeof(int), b, t);
        else
            tr.swrite_bytes(0, mem, &h[th.x + 16], sizeof(short), b, t);
    });
    return tr.report();
}
