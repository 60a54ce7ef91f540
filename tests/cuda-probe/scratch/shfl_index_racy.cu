//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int j = __shfl_sync(0xffffffffu, (int)threadIdx.x, 0);
    A[j] = threadIdx.x;
}
