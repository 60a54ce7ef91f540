//pass
//--blockDim=[8,8] --gridDim=1
__global__ void k(int *out)
{
    __shared__ int s[8][9];
    s[threadIdx.y][threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.y * 8 + threadIdx.x] = s[threadIdx.x][threadIdx.y];
}
