//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// C's / truncates toward zero: (t - 32) / 8 == 0 for t = 25..39; those threads all store into
// A[0].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int t = threadIdx.x;
    if ((t - 32) / 8 == 0)
        A[0] = t;
}
