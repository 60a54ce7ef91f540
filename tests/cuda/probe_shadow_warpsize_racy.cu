//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A local warpSize = 16 hides the builtin: threads t and t + 16 write A[t % 16].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int warpSize = 16;
    A[threadIdx.x % warpSize] = threadIdx.x;
}
