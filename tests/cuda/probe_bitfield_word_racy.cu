//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// Session 12 probe, unsound before its fix: adjacent bit-fields are one memory location (C++ [intro.memory]/3; the
// GPU stores a bit-field by reading and rewriting its word), but mapcheck gives each bit-field
// a cell of its own. Thread 2k writes s[k].lo and thread 2k + 1 writes s[k].hi in the same
// barrier interval: a data race (one may undo the other's update). mapcheck: `drf (exact)`.

struct BF {
    unsigned lo : 16;
    unsigned hi : 16;
};

__global__ void pack_halves(unsigned *out)
{
    __shared__ BF s[16];
    unsigned t = threadIdx.x;
    if (t % 2 == 0)
        s[t / 2].lo = t;
    else
        s[t / 2].hi = t;
    __syncthreads();
    out[t] = s[t % 16].lo;
}
