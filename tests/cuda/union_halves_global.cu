//pass
//--blockDim=32 --gridDim=2
// mapcheck: exact
// A union of a word and a struct of its two halves in global memory, across blocks: block b
// writes half b of element t (`lo` is bytes 0-1, `hi` bytes 2-3 of the word, clang's
// layout). Different halves are different bytes: race-free across the two blocks (which
// never synchronise). Racy twin: union_halves_global_racy.cu. The host oracle (`mapcheck
// oracle --block-dim 32 --grid-dim 2`) observes no race. (The struct is named: an unnamed
// struct member has no record mapcheck's resolve stage can name yet.)
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
        p[t].h.hi = t;
}
