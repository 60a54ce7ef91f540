//xfail:data-race
//--blockDim=64 --gridDim=1
// x = t + (number of even i in 0..3) = t + 2 after the loop... for all threads; A[x - 2 + ...]
__global__ void k(int *A)
{
    int t = threadIdx.x;
    int x = t;
    for (int i = 0; i < 4; i++) {
        if (i % 2 == 0) x += 1;
    }
    A[x - 2 + (t % 2)] = t;
}
