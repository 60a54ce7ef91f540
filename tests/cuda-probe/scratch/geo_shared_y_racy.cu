//xfail:data-race
//--blockDim=[8,8] --gridDim=1
__global__ void k(int *out)
{
    __shared__ int s[8][8];
    s[threadIdx.x][threadIdx.y] = threadIdx.x;
    out[threadIdx.y * 8 + threadIdx.x] = s[threadIdx.y][threadIdx.x];
}
