//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A local named threadIdx hides the builtin: threadIdx.x is 0 and every thread writes A[0].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

struct Fake { unsigned x, y, z; };
__global__ void k(int *A)
{
    unsigned t = ::threadIdx.x;
    Fake threadIdx = {0, 0, 0};
    A[threadIdx.x] = t;
}
