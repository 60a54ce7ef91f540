//pass
//--blockDim=[64]
// mapcheck: exact
// `__builtin_constant_p(e)` does not evaluate `e` (C leaves it unevaluated, as `sizeof`'s
// operand): the assignment to the neighbour's cell written inside it never runs, so each
// thread touches only s[t]. Probe round 5, F2: the operand was lowered as an access, a false
// proven race.
__global__ void k(int *out)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    out[threadIdx.x] = __builtin_constant_p(s[(threadIdx.x + 1) % 64] = 5);
}
