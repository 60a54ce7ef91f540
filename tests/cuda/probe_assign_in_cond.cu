//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The assignment inside the condition sets k = t: one cell per thread.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int k;
    if ((k = threadIdx.x) >= 0)
        A[k] = threadIdx.x;
}
