//pass
//--blockDim=32 --gridDim=[2,2]
// mapcheck: exact
// The block number takes blockIdx.y into account: one cell per thread of the 2 x 2 grid.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    unsigned b = blockIdx.y * gridDim.x + blockIdx.x;
    A[b * blockDim.x + threadIdx.x] = threadIdx.x;
}
