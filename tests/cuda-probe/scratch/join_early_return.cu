//pass
//--blockDim=64 --gridDim=1
__device__ int f(int t)
{
    int x = t;
    if (t % 2) return x + 64;
    x = x / 2;
    return x;
}
__global__ void k(int *A)
{
    A[f(threadIdx.x)] = threadIdx.x;
}
