//pass
//--blockDim=32 --gridDim=1
union U { int i; float f; };
__global__ void k(int *out)
{
    __shared__ U u[32];
    unsigned t = threadIdx.x;
    if (t % 2 == 0) u[t].i = t; else u[t].f = 1.5f;
    __syncthreads();
    out[t] = u[t].i;
}
