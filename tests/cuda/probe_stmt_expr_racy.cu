//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — a statement expression is refused (`StmtExpr`)
// A GNU statement expression computes i = t / 2: threads 2k and 2k + 1 collide.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int i = ({ int h = threadIdx.x; h / 2; });
    A[i] = threadIdx.x;
}
