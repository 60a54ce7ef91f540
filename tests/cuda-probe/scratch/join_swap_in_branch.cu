//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int t = threadIdx.x;
    int x = t, y = t + 64;
    if (t % 2) { int tmp = x; x = y; y = tmp; }
    A[x] = t;
    A[y] = t;
}
