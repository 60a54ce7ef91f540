//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A char parameter may be negative (c = -1): then every thread writes A[0].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A, char c)
{
    if (c < 0) A[0] = threadIdx.x;
}
