//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// my::__syncthreads is a user function that does nothing: not a barrier, so the write of s[t]
// and thread 63 - t's read race.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

namespace my { __device__ void __syncthreads() {} }
__global__ void k(int *A)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    my::__syncthreads();
    A[threadIdx.x] = s[63 - threadIdx.x];
}
