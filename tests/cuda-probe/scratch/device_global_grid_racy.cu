//xfail:data-race
//--blockDim=64 --gridDim=2
__device__ int g[64];
__global__ void k(int *A)
{
    g[threadIdx.x] = blockIdx.x;
}
