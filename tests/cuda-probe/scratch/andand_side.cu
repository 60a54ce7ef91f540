//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    if (threadIdx.x % 2 && (A[threadIdx.x / 2] = threadIdx.x))
        A[64 + threadIdx.x] = 1;
}
