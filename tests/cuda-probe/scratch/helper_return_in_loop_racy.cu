//xfail:data-race
//--blockDim=64 --gridDim=1
__device__ int find(int t)
{
    for (int k = 0; k < 4; k++)
        if (k == t % 4)
            return k / 2;
    return 0;
}
__global__ void k(int *A)
{
    int t = threadIdx.x;
    A[t / 4 * 4 + find(t)] = t;
}
