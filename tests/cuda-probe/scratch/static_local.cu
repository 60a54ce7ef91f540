//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    static __shared__ int s;
    s = threadIdx.x;
    A[threadIdx.x] = s;
}
