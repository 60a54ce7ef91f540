//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A, const int *B)
{
    __builtin_memcpy(A + threadIdx.x, B, 2 * sizeof(int));
}
