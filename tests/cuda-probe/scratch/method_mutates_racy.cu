//xfail:data-race
//--blockDim=64 --gridDim=1
struct Cnt { int i; __device__ void halve() { i /= 2; } };
__global__ void k(int *A)
{
    Cnt c{(int)threadIdx.x};
    c.halve();
    A[c.i] = threadIdx.x;
}
