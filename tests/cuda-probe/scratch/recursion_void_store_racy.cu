//xfail:data-race
//--blockDim=64 --gridDim=1
__device__ void fill(int *A, int i, int n, int v) { if (n == 0) return; A[i] = v; fill(A, i + 1, n - 1, v); }
__global__ void k(int *A)
{
    fill(A, threadIdx.x, 2, threadIdx.x);
}
