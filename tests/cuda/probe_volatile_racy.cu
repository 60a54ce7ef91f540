//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// volatile does not synchronise: the write of v[t] and thread t - 1's read of it race.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    __shared__ int s[64];
    volatile int *v = s;
    v[threadIdx.x] = threadIdx.x;
    A[threadIdx.x] = v[(threadIdx.x + 1) % 64];
}
