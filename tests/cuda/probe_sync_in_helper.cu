//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The barrier inside a __device__ helper orders the write of s[t] before the read of s[t + 1].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__device__ void bar() { __syncthreads(); }
__global__ void k(int *A)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    bar();
    A[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
