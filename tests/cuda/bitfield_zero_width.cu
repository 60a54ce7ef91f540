//pass
//--blockDim=32 --gridDim=2
// mapcheck: exact
// Bit-fields in global memory, across blocks. The zero-width bit-field ends the memory
// location of `lo` (C++ [intro.memory]/3: "a zero-width bit-field ... separates"), so `lo`
// and `hi` are two memory locations (clang's layout: `lo` in the first `unsigned`, `hi` in
// the second). Block 0 writes p[t].lo, block 1 writes p[t].hi: different locations,
// race-free. Racy twin: bitfield_zero_width_racy.cu. The host oracle (`mapcheck oracle
// --block-dim 32 --grid-dim 2`) observes no race.
struct Pair {
    unsigned lo : 12;
    unsigned : 0;
    unsigned hi : 12;
};

__global__ void k(Pair *p)
{
    unsigned t = threadIdx.x;
    if (blockIdx.x == 0)
        p[t].lo = t;
    else
        p[t].hi = t + 1;
}
