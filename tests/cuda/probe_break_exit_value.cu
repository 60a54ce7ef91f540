//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The loop is left by break at i == 1: A[t * 1], one cell per thread.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int i;
    for (i = 0; i < 64; i++)
        if (i == 1)
            break;
    A[threadIdx.x * i] = threadIdx.x;
}
