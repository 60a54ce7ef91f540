//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The helper's __shared__ array is one array for both calls: the second call's write of s[t]
// races with the first call's read of s[t] by thread 63 - t.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__device__ int stage(int v)
{
    __shared__ int s[64];
    s[threadIdx.x] = v;
    __syncthreads();
    return s[63 - threadIdx.x];
}
__global__ void k(int *A)
{
    int a = stage(threadIdx.x);
    int b = stage(a);
    A[threadIdx.x] = b;
}
