//xfail:data-race
//--blockDim=64 --gridDim=1
__managed__ int m;
__global__ void k(int *A)
{
    m = threadIdx.x;
}
