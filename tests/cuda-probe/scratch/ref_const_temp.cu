//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    const unsigned &c = threadIdx.x * 2 + 1;
    A[c] = 1;
    A[c - 1] = 1;
}
