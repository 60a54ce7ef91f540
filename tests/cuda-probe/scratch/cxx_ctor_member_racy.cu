//xfail:data-race
//--blockDim=64 --gridDim=1
struct S { int i; __device__ S(int t) : i(t / 2) {} };
__global__ void k(int *A)
{
    S s(threadIdx.x);
    A[s.i] = threadIdx.x;
}
