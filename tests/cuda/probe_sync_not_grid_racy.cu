//xfail:data-race
//--blockDim=32 --gridDim=2
// mapcheck: exact
// __syncthreads orders one block only: block 1 reads A[0] while block 0 writes it.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A, int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) A[0] = 5;
    __syncthreads();
    out[blockIdx.x * 32 + threadIdx.x] = A[0];
}
