//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int i = threadIdx.x;
    int &r = i;
    r *= 2;
    A[i] = 1;
    A[i + 1] = 2;
}
