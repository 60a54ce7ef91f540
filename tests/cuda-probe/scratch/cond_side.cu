//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    threadIdx.x < 1 ? (A[0] = threadIdx.x) : (A[1 + threadIdx.x] = 0);
}
