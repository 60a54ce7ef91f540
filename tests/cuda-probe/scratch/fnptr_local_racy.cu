//xfail:data-race
//--blockDim=64 --gridDim=1
__device__ void put_half(int *A, int t) { A[t / 2] = t; }
__device__ void put_full(int *A, int t) { A[t] = t; }
__global__ void k(int *A)
{
    void (*f)(int *, int) = threadIdx.x < 1000 ? put_half : put_full;
    f(A, threadIdx.x);
}
