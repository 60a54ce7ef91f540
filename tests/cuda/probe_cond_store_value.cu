//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A ?: whose value is used runs one arm: thread 0 writes A[0], thread t > 0 writes A[1 + t];
// then A[100 + t]. One writer per cell.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int x = threadIdx.x < 1 ? (A[0] = threadIdx.x) : (A[1 + threadIdx.x] = 0);
    A[100 + threadIdx.x] = x;
}
