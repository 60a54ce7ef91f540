//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    __shared__ int s[65];
    threadIdx.x == 0 ? (s[0] = 5) : (s[threadIdx.x] = 6);
    __syncthreads();
    A[threadIdx.x] = s[threadIdx.x];
}
