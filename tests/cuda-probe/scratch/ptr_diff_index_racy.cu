//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int *p = A + threadIdx.x;
    int *q = A + threadIdx.x / 2;
    long d = p - q;          // t - t / 2
    A[100 + d] = threadIdx.x;
}
