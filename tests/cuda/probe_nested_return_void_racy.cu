//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// inner's return leaves inner only: outer then writes A[100 + t / 2] for every thread.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__device__ void inner(int *A) { if (threadIdx.x % 2) return; A[threadIdx.x] = 1; }
__device__ void outer(int *A) { inner(A); A[100 + threadIdx.x / 2] = threadIdx.x; }
__global__ void k(int *A)
{
    outer(A);
}
