//pass
//--blockDim=64 --gridDim=4
// mapcheck: data-dependent
// mapcheck: known-imprecision: out-of-bounds — the sort's index `b` is carried by the `while` loop, a value the lowering does not follow (`?`), so `local[b + 1]` may leave `local[8]` as far as mapcheck can tell: a potential out-of-bounds finding (session 21: an index of a local array is checked, no longer read as the last element)
// Per-thread local arrays (registers/local memory) are private: every thread sorts its own
// 8-element window in `local[8]` with an insertion sort and writes its median. Accesses to
// `local` never race; the global writes are one per thread. The insertion sort's inner
// `while` runs as many times as the keys dictate: a loop bound that depends on data, so the
// kernel is data-dependent even though no shared or global access depends on it.

__global__ void window_median(const int *in, int *out)
{
    int local[8];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < 8; ++k)
        local[k] = in[i * 8 + k];
    for (int a = 1; a < 8; ++a) {
        int key = local[a];
        int b = a - 1;
        while (b >= 0 && local[b] > key) {
            local[b + 1] = local[b];
            b--;
        }
        local[b + 1] = key;
    }
    out[i] = local[4];
}
