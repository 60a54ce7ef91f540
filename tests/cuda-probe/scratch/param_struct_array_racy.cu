//xfail:data-race
//--blockDim=64 --gridDim=1
struct Offs { int off[2]; };
__global__ void k(Offs o, int *A)
{
    A[threadIdx.x + o.off[threadIdx.x % 2]] = threadIdx.x;
}
