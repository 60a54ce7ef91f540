//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// put(), defined after the kernel, writes A[t / 2].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__device__ void put(int *A, int i);
__global__ void k(int *A)
{
    put(A, threadIdx.x / 2);
}
__device__ void put(int *A, int i) { A[i] = threadIdx.x; }
