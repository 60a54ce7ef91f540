//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Threads t >= 32 point A at B: A[t] for t < 32, B[t - 32] for the others; one writer per cell.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A, int *B)
{
    if (threadIdx.x >= 32) A = B;
    A[threadIdx.x % 32] = threadIdx.x;
}
