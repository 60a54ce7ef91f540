//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    unsigned w;
    asm("mov.u32 %0, %%warpid;" : "=r"(w));
    A[w] = threadIdx.x;
}
