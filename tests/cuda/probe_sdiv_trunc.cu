//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// C's / truncates toward zero: (t - 32) / 8 == -4 only for t = 0 (floor division would also
// give it for t = 1..7).
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int t = threadIdx.x;
    if ((t - 32) / 8 == -4)
        A[0] = t;
}
