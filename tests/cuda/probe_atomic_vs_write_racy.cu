//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Thread 0's plain store into A[0] races with the other threads' atomicAdd on A[0].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    if (threadIdx.x == 0) A[0] = 0;
    atomicAdd(A, 1);
}
