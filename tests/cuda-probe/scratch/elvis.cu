//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    A[threadIdx.x ?: 100] = threadIdx.x;
}
