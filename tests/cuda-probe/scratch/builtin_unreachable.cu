//xfail:data-race
//--blockDim=64 --gridDim=1
// Undefined for t >= 32 (the compiler may assume t < 32); mapcheck ignores the hint.
__global__ void k(int *A)
{
    if (threadIdx.x >= 32) __builtin_unreachable();
    A[threadIdx.x % 32] = threadIdx.x;
}
