// Truth of intrin_minmax_types.cu: llmin/llmax, umin and abs (host/truth.h, <cstdlib>).
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {2, 1, 1});
    for_each_thread(tr, [&](Dim3 bl, Dim3 th, unsigned b, unsigned t) {
        long long gid = bl.x * 64 + th.x;
        long long i = llmax(llmin(gid, 127LL), 0LL);
        unsigned j = umin(th.x, 63u);
        int k = abs((int)th.x - 64);
        tr.write(0, i, b, t, 0);                  // out[i]
        tr.swrite(1, j, b, t, 0);                  // s[j]
        tr.write(2, bl.x * 64 + k - 1, b, t, 0);  // mirror[...]
        tr.sread(1, 63 - th.x, b, t, 1);           // s[63 - t]
        tr.write(0, 128 + gid, b, t, 1);          // out[128 + gid]
    });
    return tr.report();
}
