//xfail:data-race
//--blockDim=32 --gridDim=2
// mapcheck: exact
// Twin of union_halves_global.cu: block 1 writes the whole word of element t, which covers
// the half block 0 writes (bytes 0-1 of the same element): a write-write data race between
// blocks, and not a benign one (SPEC §7: the same bytes at the same bytes) since t + 1 and t
// differ in byte 0. (Writing `word = t` would be benign: its bytes 0-1 are `lo = t`'s.) The host oracle (`mapcheck oracle --block-dim 32 --grid-dim 2`) reports it.
union Pair {
    unsigned word;
    struct Halves {
        unsigned short lo, hi;
    } h;
};

__global__ void k(Pair *p)
{
    unsigned t = threadIdx.x;
    if (blockIdx.x == 0)
        p[t].h.lo = t;
    else
        p[t].word = t + 1;
}
