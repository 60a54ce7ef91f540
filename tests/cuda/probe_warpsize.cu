//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// warpSize is 32: A[(t / 32) * 100 + t % 32] is one cell per thread.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    A[threadIdx.x / warpSize * 100 + threadIdx.x % warpSize] = threadIdx.x;
}
