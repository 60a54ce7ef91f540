//xfail:data-race
//--blockDim=32 --gridDim=2
// mapcheck: exact
// Twin of bitfield_zero_width.cu without the zero-width bit-field: `lo` and `hi` are adjacent
// bit-fields, one memory location (one `unsigned`), so block 0 writing p[t].lo and block 1
// writing p[t].hi is a data race between blocks (blocks never synchronise). The host oracle
// (`mapcheck oracle --block-dim 32 --grid-dim 2`) reports it (both fields share byte 1).
struct Pair {
    unsigned lo : 12;
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
