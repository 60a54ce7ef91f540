// Truth of local_table_write_index_racy.cu: the shared writes before the barrier (the reads
// after it are each thread's own s[t]).
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    for_each_thread(tr, [&](Dim3 bl, Dim3 th, unsigned b, unsigned t) {
        (void)bl;
        int offs[2] = {0, 64};
        int x = th.x;
        int k = x % 2;
        if (x >= 32)
            offs[k] += 48;
        tr.swrite(0, offs[k] + x / 2, b, t, 0);
        tr.sread(0, x, b, t, 1);
    });
    return tr.report();
}
