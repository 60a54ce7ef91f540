//xfail:data-race
//--blockDim=64 --gridDim=1
struct Guard { int *a; int i; __device__ ~Guard() { a[i] = i; } };
__global__ void k(int *A)
{
    Guard g{A, (int)threadIdx.x / 2};
    g.~Guard();
}
