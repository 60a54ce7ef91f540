//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the stored `bool` is a `?` (a conversion the lowering does not compute), so mapcheck cannot prove the threads store the same value
// Session 12 probe, a wrongly proven race before its fix: every thread stores `true` into B[0] (1 + (t & 2) is never 0), a
// benign write-write race, so the verdict is drf. The lowering makes the converted value a `?`
// but keeps the kernel exact, and the witness (two different `?` values) "replays": mapcheck
// reports a *proven* data race.

__global__ void set_flag(bool *B)
{
    B[0] = 1 + (threadIdx.x & 2);
}
