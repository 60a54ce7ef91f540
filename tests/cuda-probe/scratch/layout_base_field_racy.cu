//xfail:data-race
//--blockDim=32 --gridDim=1
// Odd thread t writes d[t - 1].a, which thread t - 1 writes as well (a field of the base).
struct B { int a; };
struct D : B { int b; };
__global__ void k(int *out)
{
    __shared__ D d[32];
    unsigned t = threadIdx.x;
    if (t % 2) d[t - 1].a = t; else d[t].a = t;
    __syncthreads();
    out[t] = d[t].b;
}
