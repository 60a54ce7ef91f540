//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The left operand of the comma runs (A[t] = t); the value is 64 + t: every cell has one
// writer.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int i = (A[threadIdx.x] = threadIdx.x, 64 + threadIdx.x);
    A[i] = 0;
}
