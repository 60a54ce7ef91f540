//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Odd threads store plainly into A[t / 2 + 1], the cell thread t + 1 exchanges atomically.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    atomicExch(&A[threadIdx.x / 2], threadIdx.x);
    if (threadIdx.x % 2) A[threadIdx.x / 2 + 1] = 5;
}
