//pass
//--blockDim=16 --gridDim=1
struct alignas(16) V { int x; };
__global__ void k(int *out)
{
    __shared__ V v[16];
    int *raw = (int *)v;
    if (threadIdx.x == 1) v[1].x = 1;
    if (threadIdx.x == 0) raw[1] = 99;
    __syncthreads();
    out[threadIdx.x] = v[threadIdx.x].x;
}
