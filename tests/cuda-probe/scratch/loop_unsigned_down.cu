//pass
//--blockDim=64 --gridDim=1
// i = 3, 2, 1, 0, then wraps to 4294967295 and stops.
__global__ void k(int *A)
{
    for (unsigned i = 3; i < 4; i--)
        A[threadIdx.x * 4 + i] = threadIdx.x;
}
