//xfail:data-race
//--blockDim=64 --gridDim=1
struct P { int a, b; };
__global__ void k(int *A)
{
    P p{(int)threadIdx.x, (int)threadIdx.x};
    auto &[x, y] = p;
    y /= 2;
    A[p.b] = x;
}
