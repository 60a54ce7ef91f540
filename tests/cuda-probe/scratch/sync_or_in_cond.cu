//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    if (__syncthreads_or(threadIdx.x == 3))
        A[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
