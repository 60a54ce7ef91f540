//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Threads t >= 32 point A at B and write B[t - 32]; every thread also writes B[t % 32 + 64], so
// t and t + 32 collide there.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A, int *B)
{
    if (threadIdx.x >= 32) A = B;
    A[threadIdx.x % 32] = threadIdx.x;
    B[threadIdx.x % 32 + 64] = threadIdx.x;
}
