//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// i[A] is A[i]: A[t] and A[t + 64], one writer per cell.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int i = threadIdx.x;
    i[A] = threadIdx.x;
    (i + 64)[A] = 1;
}
