//xfail:barrier-divergence
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The helper holding the barrier is called only by threads t < 32: barrier divergence.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__device__ void bar() { __syncthreads(); }
__global__ void k(int *A)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    if (threadIdx.x < 32) bar();
    A[threadIdx.x] = s[threadIdx.x];
}
