//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The default argument runs at each call: every thread stores its id into g[0].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__device__ int g[4];
__device__ int put(int *A, int i, int v = (g[0] = threadIdx.x)) { A[i] = v; return 0; }
__global__ void k(int *A)
{
    put(A, threadIdx.x);
}
