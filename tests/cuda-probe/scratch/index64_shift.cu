//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    A[(size_t)threadIdx.x << 32] = threadIdx.x;
}
