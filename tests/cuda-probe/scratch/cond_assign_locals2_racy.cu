//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int i = threadIdx.x;
    threadIdx.x < 32 ? (void)(i = i / 2) : (void)0;
    A[i] = threadIdx.x;
}
