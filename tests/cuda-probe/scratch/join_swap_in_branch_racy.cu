//xfail:data-race
//--blockDim=64 --gridDim=1
// Odd threads swap x and y: x = t / 2 for them.
__global__ void k(int *A)
{
    int t = threadIdx.x;
    int x = t, y = t / 2;
    if (t % 2) { int tmp = x; x = y; y = tmp; }
    A[x] = t;
}
