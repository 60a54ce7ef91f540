//xfail:data-race
//--blockDim=64 --gridDim=1
// n grows in the body: the loop runs i = 0..4, thread t writes A[4t .. 4t + 4].
__global__ void k(int *A)
{
    int n = 2;
    for (int i = 0; i < n; i++) {
        A[threadIdx.x * 4 + i] = threadIdx.x;
        if (n < 5) n++;
    }
}
