//pass
//--blockDim=64 --gridDim=1
__device__ int ident(int n) { return n == 0 ? 0 : 1 + ident(n - 1); }
__global__ void k(int *A)
{
    A[ident(threadIdx.x % 4) + 4 * (threadIdx.x / 4)] = threadIdx.x;
}
