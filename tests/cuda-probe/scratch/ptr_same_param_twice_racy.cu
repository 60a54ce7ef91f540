//xfail:data-race
//--blockDim=64 --gridDim=1
// One pointer reached by two local names: p and q both are A.
__global__ void k(int *A)
{
    int *p = A, *q = A + 1;
    p[threadIdx.x] = threadIdx.x;
    q[threadIdx.x] = 0;
}
