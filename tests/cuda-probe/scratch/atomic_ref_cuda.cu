//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    __atomic_fetch_add(&A[0], 1, __ATOMIC_RELAXED);
    A[1 + threadIdx.x] = A[0];
}
