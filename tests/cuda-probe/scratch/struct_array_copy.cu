//pass
//--blockDim=32 --gridDim=1
struct R { int v[4]; };
__global__ void k(int *out)
{
    __shared__ R rows[32];
    R loc = {{(int)threadIdx.x, 2, 3, 4}};
    rows[threadIdx.x] = loc;
    __syncthreads();
    R back = rows[31 - threadIdx.x];
    out[threadIdx.x] = back.v[3];
}
