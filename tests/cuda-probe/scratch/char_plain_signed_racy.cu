//xfail:data-race
//--blockDim=64 --gridDim=1
// plain char is signed on nvptx: (char)(t + 100) < 0 for t >= 28.
__global__ void k(int *A)
{
    char c = threadIdx.x + 100;
    if (c < 0)
        A[0] = threadIdx.x;
}
