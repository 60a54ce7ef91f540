//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// swp(i, j) exchanges the caller's locals through references: i = t / 2 afterwards, so threads
// 2k, 2k + 1 collide.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__device__ void swp(int &a, int &b) { int t = a; a = b; b = t; }
__global__ void k(int *A)
{
    int i = threadIdx.x, j = threadIdx.x / 2;
    swp(i, j);
    A[i] = threadIdx.x;
}
