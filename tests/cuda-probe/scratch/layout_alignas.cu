//pass
//--blockDim=16 --gridDim=1
// raw[1] is padding of v[0] (bytes 4..7), written by nobody else.
struct alignas(16) V { int x; };
__global__ void k(int *out)
{
    __shared__ V v[16];
    int *raw = &v[0].x;
    v[threadIdx.x].x = threadIdx.x;
    if (threadIdx.x == 0) raw[1] = 99;
    __syncthreads();
    out[threadIdx.x] = v[threadIdx.x].x;
}
