//pass
//--blockDim=32 --gridDim=1
// Every lane receives lane 0's value 7 and stores it.
__global__ void k(int *A)
{
    int v = __shfl_sync(0xffffffffu, 7, 0);
    A[0] = v;
}
