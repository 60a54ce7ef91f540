//xfail:data-race
//--blockDim=64 --gridDim=1
// The barrier is never reached: `false && __syncthreads_and(...)` does not evaluate it.
__global__ void k(int *A)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    int n = 0;
    if (n > 0 && __syncthreads_and(1)) n = 2;
    A[threadIdx.x] = s[(threadIdx.x + 1) % 64] + n;
}
