//xfail:data-race
//--blockDim=64 --gridDim=1
// 0.1f widened to double is 0.100000001490116..., not the double 0.1.
__global__ void k(double *D)
{
    if (threadIdx.x % 2) D[0] = 0.1; else D[0] = 0.1f;
}
