//pass
//--blockDim=64 --gridDim=1
// 1.0 and 1.00 are the same double: a benign race only.
__global__ void k(double *D)
{
    if (threadIdx.x % 2) D[0] = 1.0; else D[0] = 1.00;
}
