//pass
//--blockDim=64 --gridDim=1
struct P { int a, b; };
__global__ void k(int *A)
{
    P p{(int)threadIdx.x};
    A[p.a + p.b] = p.a;
}
