//pass
//--blockDim=32 --gridDim=2
// mapcheck: exact
// Each block has its own __shared__ s: the two blocks' thread 0 write different arrays.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *out)
{
    __shared__ int s[1];
    if (threadIdx.x == 0) s[0] = blockIdx.x;
    __syncthreads();
    out[blockIdx.x * 32 + threadIdx.x] = s[0];
}
