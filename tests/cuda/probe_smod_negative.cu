//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// C's % truncates toward zero: (t - 32) % 8 lies in -7..7, never below -7; nothing is stored.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int t = threadIdx.x;
    if ((t - 32) % 8 < -7)
        A[0] = t;
}
