//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The loop is left by break at i == 0: every thread writes A[0] (without the break, i = 64 and
// A[64t] would be distinct).
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int i;
    for (i = 0; i < 64; i++)
        if (i == 0)
            break;
    A[threadIdx.x * i] = threadIdx.x;
}
