//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// signed char c = t + 100 wraps: t = 27 gives 127 and t = 29 gives -127, whose absolute value
// is 127 too.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    signed char c = threadIdx.x + 100;
    int v = c < 0 ? -c : c;
    A[v] = threadIdx.x;
}
