//pass
//--blockDim=[8,8] --gridDim=1
__global__ void k(int *A)
{
    dim3 t = threadIdx;
    uint3 b = make_uint3(t.y, t.x, 0);
    A[b.x * 8 + b.y] = t.x;
}
