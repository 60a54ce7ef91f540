//xfail:data-race
//--blockDim=32 --gridDim=4
// mapcheck: exact
// A[b + t * (gridDim.x - 1)]: block 3 thread 0 and block 0 thread 1 both write A[3].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    A[blockIdx.x + threadIdx.x * (gridDim.x - 1)] = threadIdx.x;
}
