//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    if (threadIdx.x >= 32) return;
    A[threadIdx.x % 32] = threadIdx.x;
}
