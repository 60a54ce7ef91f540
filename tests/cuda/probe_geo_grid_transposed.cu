//pass
//--blockDim=32 --gridDim=4
// mapcheck: exact
// A[b + t * gridDim.x]: a bijection for b < gridDim.x.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    A[blockIdx.x + threadIdx.x * gridDim.x] = threadIdx.x;
}
