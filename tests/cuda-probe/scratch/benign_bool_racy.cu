//xfail:data-race
//--blockDim=64 --gridDim=1
// bool stores 0 or 1: t & 2 converted to bool differs between threads 0 and 2.
__global__ void k(bool *B)
{
    B[0] = threadIdx.x & 2;
}
