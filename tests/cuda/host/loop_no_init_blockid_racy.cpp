// Truth of loop_no_init_blockid_racy.cu (issue 20): the kernel's loop, compiled by g++.
#include "truth.h"
int main()
{
    Truth tr({128, 1, 1}, {2, 1, 1});
    for_each_thread(tr, [&](Dim3, Dim3 threadIdx, unsigned b, unsigned tl) {
        Dim3 blockDim = {128, 1, 1}, gridDim = {2, 1, 1};
        const int N = 4096;
        int i = threadIdx.x;
        for (; i < N; i += blockDim.x * gridDim.x)
            tr.write(0, (long long)i, b, tl);
    });
    return tr.report();
}
