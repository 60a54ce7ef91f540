//xfail:data-race
//--blockDim=[16,4] --gridDim=1
// mapcheck: exact
// The row stride 8 is below blockDim.x = 16: threads (8, 0) and (0, 1) both write A[8].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    A[threadIdx.y * 8 + threadIdx.x] = threadIdx.x;
}
