//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — the GNU `x ?: y` (`BinaryConditionalOperator`) is refused
// GNU x ?: y is x when x != 0: t / 2 for t >= 2, so threads 2 and 3 write A[1].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    A[(threadIdx.x / 2) ?: 100] = threadIdx.x;
}
