//xfail:barrier-divergence
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    __shared__ int s[64];
    for (int i = 0; i < 4; i++) {
        if (i == 2 && threadIdx.x == 7) return;
        s[threadIdx.x] = i;
        __syncthreads();
        A[threadIdx.x] = s[63 - threadIdx.x];
        __syncthreads();
    }
}
