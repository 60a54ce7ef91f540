//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// tbl = {0, 1, 1, 3}: threads 4k + 1 and 4k + 2 both write A[4k + 1].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    const int tbl[4] = {0, 1, 1, 3};
    A[threadIdx.x / 4 * 4 + tbl[threadIdx.x % 4]] = threadIdx.x;
}
