//pass
//--blockDim=63 --gridDim=1
// mapcheck: exact
// `__clz` (issue 20): node t of a complete binary heap (0-based) has level
// l = 31 - __clz(t + 1) and position p = t + 1 - 2^l within its level. Thread t writes
// levels[l * 32 + p]; (l, p) is a bijection of the 63 nodes (levels 0..5, p < 2^l <= 32):
// race free. Host check: host/intrin_clz_heap_level.cpp.

__global__ void heap_levels(const float *heap, float *levels)
{
    int t = threadIdx.x;
    int l = 31 - __clz(t + 1);
    int p = t + 1 - (1 << l);
    levels[l * 32 + p] = heap[t];
}
