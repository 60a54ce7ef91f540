//xfail:data-race
//--blockDim=128 --gridDim=2
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// The mapped value stored at gid / 2: threads 0 and 1 of block 0 both write out[0], whatever
// the function pointer computes: a write-write race.

typedef float (*unary_op)(float);

__global__ void map_op_half(const float *in, float *out, unary_op op)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[gid / 2] = op(in[gid]);
}
