//xfail:data-race
//--blockDim=128 --gridDim=2
// mapcheck: exact
// mapcheck: known-imprecision: data-dependent possibly-racy — `op` points to a function mapcheck cannot see: it may access the block's dynamic shared memory at cells nobody can name, and the racing writes store values the lowering does not compute (`?`), so the race stays potential
// The mapped value stored at gid / 2: threads 0 and 1 of block 0 both write out[0], whatever
// the function pointer computes: a write-write race.

typedef float (*unary_op)(float);

__global__ void map_op_half(const float *in, float *out, unary_op op)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[gid / 2] = op(in[gid]);
}
