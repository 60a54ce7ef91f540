//xfail:data-race
//--blockDim=64 --gridDim=1
struct I { int v; __device__ I operator/(int d) const { return I{v / d}; } };
__global__ void k(int *A)
{
    I i{(int)threadIdx.x};
    I h = i / 2;
    A[h.v] = threadIdx.x;
}
