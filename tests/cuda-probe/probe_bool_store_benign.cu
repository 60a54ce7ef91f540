//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// WRONG CERTAINTY on main: every thread stores `true` into B[0] (1 + (t & 2) is never 0), a
// benign write-write race, so the verdict is drf. The lowering makes the converted value a `?`
// but keeps the kernel exact, and the witness (two different `?` values) "replays": mapcheck
// reports a *proven* data race.

__global__ void set_flag(bool *B)
{
    B[0] = 1 + (threadIdx.x & 2);
}
