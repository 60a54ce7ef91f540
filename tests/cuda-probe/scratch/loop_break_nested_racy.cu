//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            if (j == 2) break;
            A[threadIdx.x * 4 + i + j] = threadIdx.x;
        }
}
