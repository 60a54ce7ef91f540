//xfail:data-race
//--blockDim=16 --gridDim=1
// struct W { int a; alignas(8) int b; } is 16 bytes: a at 0, b at 8. The int view raw[2] is w[0].b.
struct W { int a; alignas(8) int b; };
__global__ void k(int *out)
{
    __shared__ W w[16];
    int *raw = (int *)w;
    if (threadIdx.x == 1) w[0].b = 1;
    if (threadIdx.x == 0) raw[2] = 99;
    __syncthreads();
    out[threadIdx.x] = w[threadIdx.x].a;
}
