//xfail:data-race
//--blockDim=64 --gridDim=1
struct R { int v[4]; };
__global__ void k(int *out)
{
    __shared__ R rows[32];
    R loc = {{(int)threadIdx.x, 2, 3, 4}};
    rows[threadIdx.x / 2] = loc;
    __syncthreads();
    out[threadIdx.x] = rows[threadIdx.x % 32].v[0];
}
