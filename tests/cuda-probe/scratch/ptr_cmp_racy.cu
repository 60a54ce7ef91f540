//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int *p = A + threadIdx.x;
    int *e = A + 32;
    if (p < e) *p = 1; else A[0] = threadIdx.x;
}
