//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// __syncwarp does not order two warps: thread 31 reads s[32] while warp 1 writes it.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    __syncwarp();
    A[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
