//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int t = threadIdx.x;
    int x = t, y = t;
    if (t % 2) { x = y; y = 0; } else { x = y / 2; y = 1; }
    A[x + 64 * y] = t;
    A[200 + y * 100 + x] = t;
}
