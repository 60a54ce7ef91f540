//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A + (t - 1u): for t = 0 the unsigned offset is zero-extended, so thread 0 writes
// A[4294967296], which thread 5 also writes.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int *p = A + (threadIdx.x - 1u);
    p[1] = threadIdx.x;
    if (threadIdx.x == 5) A[4294967296ull] = 9;
}
