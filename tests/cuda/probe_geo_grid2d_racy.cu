//xfail:data-race
//--blockDim=32 --gridDim=[2,2]
// mapcheck: exact
// blockIdx.y is left out of the index: blocks (0, 0) and (0, 1) write the same cells with
// different values.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    A[blockIdx.x * blockDim.x + threadIdx.x] = blockIdx.y;
}
