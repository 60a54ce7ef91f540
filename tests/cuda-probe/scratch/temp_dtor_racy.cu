//xfail:data-race
//--blockDim=64 --gridDim=1
struct Guard { int *a; int i; __device__ ~Guard() { a[i] = i; } };
__device__ int make(int *A, int i) { Guard g{A, i}; return 0; }
__global__ void k(int *A)
{
    A[64 + threadIdx.x] = make(A, threadIdx.x / 2);
}
