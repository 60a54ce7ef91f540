//xfail:data-race
//--blockDim=64 --gridDim=1
struct P { int a, b; };
__global__ void k(int *A)
{
    P p{ (A[threadIdx.x / 2] = threadIdx.x), 64 + (int)threadIdx.x };
    A[p.b] = p.a;
}
