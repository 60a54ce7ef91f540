//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A, const int *B)
{
    memcpy(A + 2 * threadIdx.x, B, 2 * sizeof(int));
}
