//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    unsigned long long u = (unsigned long long)(A + threadIdx.x);
    int *p = (int *)(u & ~7ull);
    *p = threadIdx.x;
}
