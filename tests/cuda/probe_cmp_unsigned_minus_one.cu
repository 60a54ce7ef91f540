//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// threadIdx.x > -1 compares unsigned: -1 becomes 4294967295, so the condition is never true and
// nothing is stored.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    if (threadIdx.x > -1)
        A[0] = threadIdx.x;
}
