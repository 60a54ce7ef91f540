//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    unsigned b = __ballot_sync(0xffffffffu, 1);
    A[b & 1] = threadIdx.x;
}
