//xfail:data-race
//--blockDim=[4,4,4] --gridDim=1
__global__ void k(int *A)
{
    unsigned id = (threadIdx.z * blockDim.x + threadIdx.y) * blockDim.y + threadIdx.x * 0 + threadIdx.x % 2;
    A[id] = threadIdx.x;
}
