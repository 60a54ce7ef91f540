//xfail:data-race
//--blockDim=64 --gridDim=1
// 1ull << t for t up to 63 is defined (64-bit); (1ull << t) >> 32 == 0 for t < 32.
__global__ void k(int *A)
{
    unsigned long long m = 1ull << threadIdx.x;
    if ((m >> 32) == 0)
        A[0] = threadIdx.x;
}
