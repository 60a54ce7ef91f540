//pass
//--blockDim=64 --gridDim=1
struct P { int a, b; };
__global__ void k(int *A)
{
    P p{.a = (int)threadIdx.x / 2, .b = (int)threadIdx.x};
    A[p.b] = p.a;
}
