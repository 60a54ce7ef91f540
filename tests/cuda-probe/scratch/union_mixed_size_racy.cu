//xfail:data-race
//--blockDim=32 --gridDim=1
// A union of a double and two ints: d covers both i[0] and i[1].
union U { double d; int i[2]; };
__global__ void k(int *out)
{
    __shared__ U u[16];
    unsigned t = threadIdx.x;
    if (t % 2 == 0) u[t / 2].d = 2.0; else u[t / 2].i[1] = t;
    __syncthreads();
    out[t] = u[t / 2].i[t % 2];
}
