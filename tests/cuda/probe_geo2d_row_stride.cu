//pass
//--blockDim=[16,4] --gridDim=1
// mapcheck: exact
// A[y * blockDim.x + x] is one cell per thread of the 16 x 4 block.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    A[threadIdx.y * blockDim.x + threadIdx.x] = threadIdx.x;
}
