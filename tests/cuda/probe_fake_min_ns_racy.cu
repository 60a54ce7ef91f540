//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// q::min returns its second argument: every thread writes A[0].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

namespace q { __device__ int min(int a, int b) { return b; } }
__global__ void k(int *A)
{
    A[q::min(threadIdx.x, 0)] = threadIdx.x;
}
