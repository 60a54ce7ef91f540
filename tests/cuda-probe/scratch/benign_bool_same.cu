//pass
//--blockDim=64 --gridDim=1
// Every thread stores true: 1 + (t & 2) is never 0.
__global__ void k(bool *B)
{
    B[0] = 1 + (threadIdx.x & 2);
}
