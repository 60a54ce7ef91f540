//xfail:data-race
//--blockDim=16 --gridDim=1
// struct {char c; int i;} is 8 bytes (3 bytes of padding): q[t].i vs the int view p[2t + 1].
struct Q { char c; int i; };
__global__ void k(int *out)
{
    __shared__ Q q[16];
    int *p = (int *)q;
    q[threadIdx.x].i = threadIdx.x;
    if (threadIdx.x == 0) p[3] = 99;   // bytes 12..15: q[1].i
    __syncthreads();
    out[threadIdx.x] = q[threadIdx.x].i;
}
