//xfail:barrier-divergence
//--blockDim=64 --gridDim=1
// The constructor holds a barrier that only half the block reaches.
struct Sync { __device__ Sync() { __syncthreads(); } };
__global__ void k(int *A)
{
    if (threadIdx.x < 32) { Sync s; }
    A[threadIdx.x] = 1;
}
