//pass
//--blockDim=32 --gridDim=1
__global__ void k(int *A)
{
    int t = threadIdx.x;
    int i = 2 * t;
    A[i] = i++;
    A[2 * t] = -1;
}
