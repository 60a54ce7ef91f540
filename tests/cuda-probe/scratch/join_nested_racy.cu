//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int t = threadIdx.x;
    int x = t;
    if (t < 32) {
        if (t % 4 == 0) x = 100;
        else x = x + 1;
    }
    A[x] = t;
}
