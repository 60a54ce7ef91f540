//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// f(i, i, t): both reference parameters alias i; a = 0 then b += t gives i = t: one cell per
// thread.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__device__ void f(int &a, int &b, int h) { a = 0; b += h; }
__global__ void k(int *A)
{
    int i = threadIdx.x;
    f(i, i, threadIdx.x);
    A[i] = 1;
}
