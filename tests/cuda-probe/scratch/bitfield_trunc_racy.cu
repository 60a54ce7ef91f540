//xfail:data-race
//--blockDim=32 --gridDim=1
// A 3-bit field keeps t % 8: threads t and t + 8 write the same cell.
struct BF { unsigned a : 3; unsigned b : 5; };
__global__ void k(int *A)
{
    BF f;
    f.a = threadIdx.x;
    f.b = 0;
    A[f.a] = threadIdx.x;
}
