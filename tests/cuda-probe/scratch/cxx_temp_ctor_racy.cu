//xfail:data-race
//--blockDim=64 --gridDim=1
struct W {
    int x;
    __device__ W(int *a, int i, int v) : x(v) { a[i] = v; }
};
__global__ void k(int *A)
{
    int y = W(A, threadIdx.x / 2, threadIdx.x).x;
    A[64 + threadIdx.x] = y;
}
