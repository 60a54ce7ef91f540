//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// `rewind(p, k)` moves the caller's pointer back by k through `float *&p`: starting from
// out + gid and rewinding by threadIdx.x, every thread of block b ends at out + 64 * b and
// writes it: threads 0 and 1 of block 0 both write out[0]: a write-write race. Ignoring the
// write through the reference would leave p at out + gid (distinct cells).

__device__ void rewind(float *&p, int k) { p -= k; }

__global__ void scatter_rewound(const float *in, float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float *p = out + gid;
    rewind(p, threadIdx.x);
    *p = 2.0f * in[gid];
}
