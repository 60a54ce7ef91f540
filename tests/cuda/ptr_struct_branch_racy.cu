//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// As ptr_struct_branch, but the split is at 48: threads 0..47 write h.lo[t % 32], so thread 0
// and thread 32 both write h.lo[0], storing 0.0f and 64.0f: a write-write race.

struct Halves {
    float *lo;
    float *hi;
    float *target;
};

__global__ void split_uneven(Halves h)
{
    int t = threadIdx.x;
    Halves g = h;
    if (t < 48)
        g.target = h.lo;
    else
        g.target = h.hi;
    g.target[t % 32] = 2.0f * t;
}
