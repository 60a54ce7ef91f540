//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — `sqrtf` is not computed (`?`), so mapcheck cannot prove the threads store the same value
// Session 12 probe, a wrongly proven race before its fix: every thread stores sqrtf(4.0f) =
// 2.0f into F[0], a benign write-write race (SPEC §7: advice, verdict drf). Float values are
// `?` in the lowering, yet the kernel stays exact and the witness (two different `?` values)
// replays, so mapcheck reports a *proven* data race. The same holds for every stored value the
// lowering makes `?` (conversions to bool, shuffles, float arithmetic): a `?` that reaches
// only a stored value should not make a write-write race proven.

__global__ void store_root(float *F)
{
    F[0] = sqrtf(4.0f);
}
