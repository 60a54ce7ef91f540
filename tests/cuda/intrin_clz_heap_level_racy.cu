//xfail:data-race
//--blockDim=63 --gridDim=1
// mapcheck: exact
// The position computed off by one (p = t - 2^l instead of t + 1 - 2^l): the first node of
// each level (t = 2^l - 1: threads 0, 1, 3, 7, ...) gets p = -1 and takes the fallback store
// to levels[0], so threads 0 and 1 both write levels[0]: a write-write race. Host check:
// host/intrin_clz_heap_level_racy.cpp.

__global__ void heap_levels_off_by_one(const float *heap, float *levels)
{
    int t = threadIdx.x;
    int l = 31 - __clz(t + 1);
    int p = t - (1 << l);
    if (p >= 0)
        levels[l * 32 + p] = heap[t];
    else
        levels[0] = heap[t];
}
