//xfail:barrier-divergence
//--blockDim=[8,8] --gridDim=1
// mapcheck: exact
// GPUVerify test-suite style: a barrier inside a branch on threadIdx.y. Threads of row 0
// reach the barrier and the others do not: barrier divergence (undefined behaviour in CUDA).

__global__ void first_row_sync(float *A)
{
    __shared__ float s[8][8];
    s[threadIdx.y][threadIdx.x] = A[threadIdx.y * 8 + threadIdx.x];
    if (threadIdx.y == 0) {
        __syncthreads();
        A[threadIdx.x] = s[7][threadIdx.x];
    }
}
