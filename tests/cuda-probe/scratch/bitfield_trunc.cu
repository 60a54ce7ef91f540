//pass
//--blockDim=32 --gridDim=1
struct BF { unsigned a : 5; unsigned b : 3; };
__global__ void k(int *A)
{
    BF f;
    f.a = threadIdx.x;
    f.b = 0;
    A[f.a] = threadIdx.x;
}
