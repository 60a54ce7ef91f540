//xfail:data-race
//--blockDim=64 --gridDim=1
// With s.stride = 0 (any value is possible), every thread writes A[0].
struct P { int stride; };
__global__ void k(P s, int *A)
{
    A[threadIdx.x * s.stride] = threadIdx.x;
}
