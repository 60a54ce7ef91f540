//xfail:data-race
//--blockDim=64 --gridDim=1
// __trap() stops the thread, but only after its store: t and t + 32 both store first.
__global__ void k(int *A)
{
    A[threadIdx.x % 32] = threadIdx.x;
    if (threadIdx.x >= 32) __trap();
}
