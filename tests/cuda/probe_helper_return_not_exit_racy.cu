//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The helper's return leaves the helper, not the kernel: every thread then writes A[200 + t /
// 2].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__device__ void first(int *A)
{
    if (threadIdx.x > 0) return;
    A[0] = 1;
}
__global__ void k(int *A)
{
    first(A);
    A[200 + threadIdx.x / 2] = threadIdx.x;
}
