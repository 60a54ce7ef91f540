//xfail:data-race
//--blockDim=64 --gridDim=1
// j takes 0, 3, 6, 9: thread t writes A[8t + 9], inside thread t + 1's range.
__global__ void k(int *A)
{
    int j = 0;
    for (int i = 0; i < 4; i++, j += 3)
        A[threadIdx.x * 8 + j] = threadIdx.x;
}
