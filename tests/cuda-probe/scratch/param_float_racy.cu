//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A, float f)
{
    if (f > 1.0f) A[0] = threadIdx.x;
}
