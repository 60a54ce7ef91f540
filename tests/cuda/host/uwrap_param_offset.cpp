// Truth of uwrap_param_offset.cu: the slot depends on the offset only through offset mod 64
// (64 divides 2^32); every residue is tried, with offsets near 0 and near 2^32.
#include "truth.h"
int main()
{
    bool racy = false;
    Truth shown({64, 1, 1}, {1, 1, 1});
    for (unsigned long long base : {0ull, 4294967296ull - 128}) {
        for (unsigned r = 0; r < 128; r++) {
            unsigned offset = (unsigned)(base + r);
            Truth tr({64, 1, 1}, {1, 1, 1});
            for_each_thread(tr, [&](Dim3, Dim3 th, unsigned b, unsigned t) {
                unsigned slot = (offset + th.x) % 64;
                tr.write(0, slot, b, t, 0);
                tr.read(0, slot, b, t, 1);
            });
            racy = racy || tr.racy();
        }
    }
    printf("blockDim=[64,1,1] gridDim=[1,1,1]\n%s\n", racy ? "racy" : "race-free");
    return 0;
}
