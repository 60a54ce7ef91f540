//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A, int n)
{
    A[0] = n + (threadIdx.x == 5);
}
