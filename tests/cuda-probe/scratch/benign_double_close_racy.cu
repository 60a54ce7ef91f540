//xfail:data-race
//--blockDim=64 --gridDim=1
// 1.0 and 1.0000000001 are different doubles (they round to the same float).
__global__ void k(double *D)
{
    if (threadIdx.x % 2) D[0] = 1.0; else D[0] = 1.0000000001;
}
