//xfail:data-race
//--blockDim=[8,8] --gridDim=1
__global__ void k(int *A)
{
    dim3 t = threadIdx;
    uint3 b = make_uint3(t.y, t.x, 0);
    A[b.x] = t.x;
}
