//xfail:data-race
//--blockDim=128 --gridDim=4
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// The struct's `out` field indexed by threadIdx.x only: threads t of all four blocks write
// b.out[t]: a write-write race between blocks.

struct Buffers {
    const float *in;
    float *out;
    float scale;
};

__global__ void scale_struct_no_block(Buffers b)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    b.out[threadIdx.x] = b.scale * b.in[gid];
}
