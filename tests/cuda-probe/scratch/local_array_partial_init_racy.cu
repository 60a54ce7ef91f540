//xfail:data-race
//--blockDim=64 --gridDim=1
// tbl = {1, 0, 0, 0}: the elements without an initializer are zero.
__global__ void k(int *A)
{
    int tbl[4] = {1};
    A[threadIdx.x * tbl[threadIdx.x % 4 == 0 ? 1 : 2]] = threadIdx.x;
}
