//xfail:barrier-divergence
//--blockDim=64 --gridDim=1
// mapcheck: exact
// bar(), defined after the kernel, holds a barrier that only threads t < 32 reach.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__device__ void bar();
__global__ void k(int *A)
{
    if (threadIdx.x < 32) bar();
    A[threadIdx.x] = 1;
}
__device__ void bar() { __syncthreads(); }
