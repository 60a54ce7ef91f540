//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// t > 100 is false, so every thread runs the right operand of || and stores into A[t / 2].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    bool b = threadIdx.x > 100 || (A[threadIdx.x / 2] = threadIdx.x);
    A[64 + threadIdx.x] = b;
}
