//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    if (__builtin_expect(threadIdx.x < 32, 1))
        A[threadIdx.x / 2] = threadIdx.x;
}
