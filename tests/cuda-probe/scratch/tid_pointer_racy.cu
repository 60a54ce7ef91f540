//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    const unsigned *p = &threadIdx.x;
    A[*p / 2] = threadIdx.x;
}
