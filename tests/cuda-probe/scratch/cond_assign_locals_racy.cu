//xfail:data-race
//--blockDim=64 --gridDim=1
// Only one arm of ?: runs: threads t < 32 get i = t / 2 and collide.
__global__ void k(int *A)
{
    int i;
    threadIdx.x < 32 ? (i = threadIdx.x / 2) : (i = threadIdx.x);
    A[i] = threadIdx.x;
}
