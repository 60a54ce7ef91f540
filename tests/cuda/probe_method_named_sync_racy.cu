//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A user class's method called sync() is not a barrier: the write of s[t] and thread 63 - t's
// read race.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

struct Group { __device__ void sync() {} };
__global__ void k(int *A)
{
    __shared__ int s[64];
    Group g;
    s[threadIdx.x] = threadIdx.x;
    g.sync();
    A[threadIdx.x] = s[63 - threadIdx.x];
}
