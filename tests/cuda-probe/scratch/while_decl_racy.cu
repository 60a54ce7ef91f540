//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int n = 1;
    while (int m = n--)
        A[threadIdx.x / 2 + m - 1] = threadIdx.x;
}
