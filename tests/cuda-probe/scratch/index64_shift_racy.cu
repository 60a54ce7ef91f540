//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    A[(unsigned)((size_t)threadIdx.x << 31)] = threadIdx.x;
}
