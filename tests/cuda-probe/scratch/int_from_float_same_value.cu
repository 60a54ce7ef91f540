//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    A[0] = (int)(threadIdx.x * 0.0f);
}
