//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// n + 1 < n needs a signed overflow, undefined in C++: no run of a correct program stores
// anything.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A, int n)
{
    if (n + 1 < n) A[0] = threadIdx.x;
}
