//xfail:data-race
//--blockDim=16 --gridDim=1
// Q {char c; int i;} is 8 bytes, i at 4: q[1].i is bytes 12..15 = n[3].
struct Q { char c; int i; };
__global__ void k(int *out)
{
    extern __shared__ char smem[];
    Q *q = (Q *)smem;
    int *n = (int *)smem;
    if (threadIdx.x == 1) q[1].i = 1;
    if (threadIdx.x == 0) n[3] = 2;
}
