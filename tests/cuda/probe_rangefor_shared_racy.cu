//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — `CXXForRangeStmt` is refused with a located error
// A range-based for over a __shared__ array: every thread writes every cell of s.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    __shared__ int s[8];
    for (int &x : s) x = threadIdx.x;
    __syncthreads();
    A[threadIdx.x] = s[threadIdx.x % 8];
}
