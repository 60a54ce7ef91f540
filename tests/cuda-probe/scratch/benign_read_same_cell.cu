//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A, const int *B)
{
    A[0] = B[0];
}
