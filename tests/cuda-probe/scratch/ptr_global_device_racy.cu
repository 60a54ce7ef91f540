//xfail:data-race
//--blockDim=64 --gridDim=1
__device__ int g[64];
__device__ int *gp = g;
__global__ void k(int *A)
{
    gp[threadIdx.x / 2] = threadIdx.x;
}
