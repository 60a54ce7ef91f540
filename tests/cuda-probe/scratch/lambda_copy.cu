//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int t = threadIdx.x;
    auto f = [=](int *p) { p[t / 2] = t; };
    f(A);
}
