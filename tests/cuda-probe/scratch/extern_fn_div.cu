//xfail:barrier-divergence
//--blockDim=64 --gridDim=1
// An external function (body in another translation unit) may contain a barrier.
extern __device__ void ext();
__global__ void k(int *A)
{
    if (threadIdx.x < 32) ext();
    A[threadIdx.x] = 1;
}
