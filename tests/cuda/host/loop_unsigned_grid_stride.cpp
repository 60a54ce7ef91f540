// Truth of loop_unsigned_grid_stride.cu (issue 20): the kernel's loop, compiled by g++, with n = 5000.
#include "truth.h"
int main()
{
    Truth tr({256, 1, 1}, {8, 1, 1});
    for_each_thread(tr, [&](Dim3 blockIdx, Dim3 threadIdx, unsigned b, unsigned tl) {
        const unsigned n = 5000;
        for (unsigned i = blockIdx.x * 256 + threadIdx.x; i < n; i += 2048)
            tr.write(0, (long long)i, b, tl);
    });
    return tr.report();
}
