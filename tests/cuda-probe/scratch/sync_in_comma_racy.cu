//xfail:data-race
//--blockDim=64 --gridDim=1
// The barrier inside the unevaluated sizeof is not executed.
__global__ void k(int *A)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    int z = sizeof(__syncthreads_count(1));
    A[threadIdx.x] = s[(threadIdx.x + 1) % 64] + z;
}
