//xfail:data-race
//--blockDim=64 --gridDim=1
// The condition of x ?: y is evaluated once: i++ happens once, i = t + 1 afterwards.
__global__ void k(int *A)
{
    int i = threadIdx.x;
    int j = i++ ?: 5;
    A[200 + j / 2] = threadIdx.x;
    A[i] = 0;
}
