//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// size_t i < int n = -5: n converts to 2^64 - 5, so every thread stores into A[0].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    size_t i = threadIdx.x;
    int n = -5;
    if (i < n)
        A[0] = threadIdx.x;
}
