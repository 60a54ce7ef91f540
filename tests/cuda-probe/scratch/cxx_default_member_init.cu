//pass
//--blockDim=64 --gridDim=1
struct S { int k = threadIdx.x; };
__global__ void k(int *A)
{
    S s;
    A[s.k] = threadIdx.x;
}
