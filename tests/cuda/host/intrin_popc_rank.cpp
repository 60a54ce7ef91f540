// Truth of intrin_popc_rank.cu: the ranks of the selected lanes.
#include "truth.h"
int main()
{
    Truth tr({64, 1, 1}, {1, 1, 1});
    const unsigned MASK = 0x55555555u;
    for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
        unsigned lane = th.x % 32;
        unsigned warp = th.x / 32;
        if (MASK & (1u << lane)) {
            int rank = __popc(MASK & ((1u << lane) - 1));
            tr.write(0, 16 * warp + rank, b, t);
        }
    });
    return tr.report();
}
