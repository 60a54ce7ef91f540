//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int j = 0;
    for (int i = 0; i < 4; i++, j += 2)
        A[threadIdx.x * 8 + j] = threadIdx.x;
}
