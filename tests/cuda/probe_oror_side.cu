//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The right operand of || runs only for even t: A[t / 2] = A[k] for t = 2k, one writer per
// cell.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    bool b = threadIdx.x % 2 || (A[threadIdx.x / 2] = threadIdx.x);
    A[64 + threadIdx.x] = b;
}
