//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int i = 2 * threadIdx.x;
    int j = threadIdx.x % 2 ? i++ : i--;
    A[i] = threadIdx.x;
    A[128 + j] = 0;
}
