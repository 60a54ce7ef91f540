//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int *p = A + threadIdx.x;
    int **pp = &p;
    *pp = A + threadIdx.x / 2;
    *p = threadIdx.x;
}
