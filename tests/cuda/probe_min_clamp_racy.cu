//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// min(t, 31u) clamps threads 31..63 onto A[31].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    A[min(threadIdx.x, 31u)] = threadIdx.x;
}
