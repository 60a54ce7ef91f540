//xfail:data-race
//--blockDim=64 --gridDim=1
struct Cell { int v; __device__ Cell &operator=(int x) { v = x; return *this; } };
__global__ void k(int *out)
{
    __shared__ Cell c[64];
    c[threadIdx.x / 2] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = c[threadIdx.x].v;
}
