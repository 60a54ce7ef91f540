//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// With flag = true every thread writes A[0].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A, bool flag)
{
    A[flag ? 0 : threadIdx.x] = threadIdx.x;
}
