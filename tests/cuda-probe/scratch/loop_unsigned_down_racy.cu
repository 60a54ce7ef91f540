//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    for (unsigned i = 3; i < 4; i--)
        A[threadIdx.x * 3 + i] = threadIdx.x;
}
