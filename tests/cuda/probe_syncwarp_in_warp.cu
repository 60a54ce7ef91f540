//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// __syncwarp orders the threads of one warp, and each thread reads a cell of its own warp.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    __syncwarp();
    A[threadIdx.x] = s[(threadIdx.x / 32) * 32 + (threadIdx.x + 1) % 32];
}
