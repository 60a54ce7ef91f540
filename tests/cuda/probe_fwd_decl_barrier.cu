//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// bar() is declared before the kernel and defined after it; its barrier orders the write of
// s[t] before the read of s[63 - t].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__device__ void bar();
__global__ void k(int *A)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    bar();
    A[threadIdx.x] = s[63 - threadIdx.x];
}
__device__ void bar() { __syncthreads(); }
