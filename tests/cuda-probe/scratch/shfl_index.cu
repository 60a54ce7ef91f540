//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int v = __shfl_sync(0xffffffffu, (int)threadIdx.x, 0);
    A[threadIdx.x] = v;
}
