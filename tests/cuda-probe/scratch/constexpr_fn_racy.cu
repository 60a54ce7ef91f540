//xfail:data-race
//--blockDim=64 --gridDim=1
constexpr int halve(int x) { return x / 2; }
__global__ void k(int *A)
{
    constexpr int h = halve(3);
    A[threadIdx.x / h] = threadIdx.x;
    A[64 + halve(threadIdx.x)] = threadIdx.x;
}
