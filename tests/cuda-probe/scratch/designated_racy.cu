//xfail:data-race
//--blockDim=64 --gridDim=1
struct P { int a, b; };
__global__ void k(int *A)
{
    P p{.a = (int)threadIdx.x, .b = (int)threadIdx.x / 2};
    A[p.b] = p.a;
}
