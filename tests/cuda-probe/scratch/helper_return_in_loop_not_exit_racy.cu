//xfail:data-race
//--blockDim=64 --gridDim=1
__device__ int scan(int *A, int t)
{
    for (int i = 0; i < 4; i++)
        if (i == t % 4) return i;
    return 9;
}
__global__ void k(int *A)
{
    int r = scan(A, threadIdx.x);
    A[200 + threadIdx.x / 2] = threadIdx.x + r;
}
