//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// warpSize is 32: threads t and t + 32 of the 64 write A[t % 32].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    A[threadIdx.x % warpSize] = threadIdx.x;
}
