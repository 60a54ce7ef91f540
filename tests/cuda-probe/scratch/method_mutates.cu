//pass
//--blockDim=64 --gridDim=1
struct Cnt { int i; __device__ void dbl() { i *= 2; } };
__global__ void k(int *A)
{
    Cnt c{(int)threadIdx.x};
    c.dbl();
    A[c.i] = threadIdx.x;
    A[c.i + 1] = threadIdx.x;
}
