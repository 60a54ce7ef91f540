//xfail:data-race
//--blockDim=64 --gridDim=1
__device__ int &at(int *a, int i) { return a[i]; }
__global__ void k(int *A)
{
    at(A, threadIdx.x / 2) = threadIdx.x;
}
