//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    memset(A + threadIdx.x, threadIdx.x, 2 * sizeof(int));
}
