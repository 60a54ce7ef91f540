//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A parameter named blockDim (32) hides the builtin: threads t and t + 32 write A[t % 32].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__device__ int idx(unsigned blockDim, unsigned t) { return t % blockDim; }
__global__ void k(int *A)
{
    A[idx(32, threadIdx.x)] = threadIdx.x;
}
