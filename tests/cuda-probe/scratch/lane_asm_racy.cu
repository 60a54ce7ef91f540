//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    A[lane] = threadIdx.x;
}
