//xfail:data-race
//--blockDim=16 --gridDim=1
// alignas(16) makes V 16 bytes: v[t].x is the int raw[4t]; thread 0 writes raw[4] = v[1].x, which thread 1 writes.
struct alignas(16) V { int x; };
__global__ void k(int *out)
{
    __shared__ V v[16];
    int *raw = &v[0].x;
    v[threadIdx.x].x = threadIdx.x;
    if (threadIdx.x == 0) raw[4] = 99;
    __syncthreads();
    out[threadIdx.x] = v[threadIdx.x].x;
}
