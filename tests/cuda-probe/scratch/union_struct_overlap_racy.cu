//xfail:data-race
//--blockDim=32 --gridDim=1
// The union's second member is a struct of two ints: p.b overlaps w[1], not w[0].
struct P { int a, b; };
union U { int w[2]; P p; };
__global__ void k(int *out)
{
    __shared__ U u[16];
    unsigned t = threadIdx.x;
    if (t % 2 == 0) u[t / 2].w[1] = t; else u[t / 2].p.b = t;
    __syncthreads();
    out[t] = u[t / 2].w[t % 2];
}
