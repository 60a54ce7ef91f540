//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `r = b` assigns b's value to a (a reference never rebinds); a = t, then b changes: one cell
// per thread.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int a = threadIdx.x / 2, b = threadIdx.x;
    int &r = a;
    r = b;
    b = threadIdx.x / 2;
    A[a] = 1;
}
