//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The left operand of the comma runs: A[t / 2] = t, so threads 2k and 2k + 1 collide.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int i = (A[threadIdx.x / 2] = threadIdx.x, 64 + threadIdx.x);
    A[i] = 0;
}
