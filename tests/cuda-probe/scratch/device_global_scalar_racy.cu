//xfail:data-race
//--blockDim=64 --gridDim=1
__device__ int g;
__global__ void k(int *A)
{
    g = threadIdx.x;
}
