//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    (threadIdx.x < 32 ? A[threadIdx.x] : A[100 + threadIdx.x / 2]) = threadIdx.x;
}
