//xfail:data-race
//--blockDim=64 --gridDim=1
struct P { int a, b; };
__global__ void k(int *A)
{
    P p{(int)threadIdx.x, (int)threadIdx.x / 2};
    auto [x, y] = p;
    A[y] = x;
}
