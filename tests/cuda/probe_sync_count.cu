//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// __syncthreads_count is a barrier as well as a reduction: s[t] is written before it and s[t +
// 1] read after.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    int c = __syncthreads_count(threadIdx.x % 2);
    A[threadIdx.x] = s[(threadIdx.x + 1) % 64] + c;
}
