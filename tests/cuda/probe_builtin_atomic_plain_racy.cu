//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — the `__atomic_*` builtins are refused (`AtomicExpr`)
// __atomic_fetch_add is atomic, but thread 5's plain store into A[0] races with it.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    __atomic_fetch_add(&A[0], 1, __ATOMIC_RELAXED);
    if (threadIdx.x == 5) A[0] = 3;
}
