//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int i;
    for (i = 0; i < 64; i++)
        if (i == threadIdx.x)
            break;
    A[i] = threadIdx.x;
}
