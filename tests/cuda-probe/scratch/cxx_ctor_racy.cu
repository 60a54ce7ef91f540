//xfail:data-race
//--blockDim=64 --gridDim=1
struct W {
    __device__ W(int *a, int i, int v) { a[i] = v; }
};
__global__ void k(int *A)
{
    W w(A, threadIdx.x / 2, threadIdx.x);
}
