//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    __builtin_assume(threadIdx.x < 64);
    A[threadIdx.x % 64] = threadIdx.x;
}
