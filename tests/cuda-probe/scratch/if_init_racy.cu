//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    if (int i = threadIdx.x / 2; i >= 0)
        A[i] = threadIdx.x;
}
