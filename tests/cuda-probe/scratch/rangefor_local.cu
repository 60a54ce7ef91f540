//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int loc[4] = {0, 1, 2, 3};
    int sum = 0;
    for (int x : loc) sum += x;
    A[threadIdx.x * sum] = threadIdx.x;
}
