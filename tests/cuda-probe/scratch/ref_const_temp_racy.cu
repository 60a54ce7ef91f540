//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    const int &c = threadIdx.x / 2;
    A[c] = threadIdx.x;
}
