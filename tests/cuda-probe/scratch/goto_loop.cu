//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int i = 0;
again:
    A[threadIdx.x + i] = threadIdx.x;
    if (++i < 2) goto again;
}
