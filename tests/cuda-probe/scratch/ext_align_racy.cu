//xfail:data-race
//--blockDim=16 --gridDim=1
// v[1].x is bytes 16..19 = f[4] (V is 16 bytes).
struct __align__(16) V { int x; };
__global__ void k(int *out)
{
    extern __shared__ char smem[];
    V *v = (V *)smem;
    float *f = (float *)smem;
    if (threadIdx.x == 1) v[1].x = 1;
    if (threadIdx.x == 0) f[4] = 2.0f;
}
