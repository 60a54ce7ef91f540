//xfail:data-race
//--blockDim=32 --gridDim=1
__global__ void k(int *A)
{
    int *p = A + 3 * threadIdx.x, *e = p + 4;
    while (p != e)
        *p++ = threadIdx.x;
}
