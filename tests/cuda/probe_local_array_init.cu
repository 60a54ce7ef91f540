//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// tbl = {0, 1, 2, 3}: A[t / 4 * 4 + t % 4] is one cell per thread.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    const int tbl[4] = {0, 1, 2, 3};
    A[threadIdx.x / 4 * 4 + tbl[threadIdx.x % 4]] = threadIdx.x;
}
