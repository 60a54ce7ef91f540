//xfail:data-race
//--blockDim=64 --gridDim=1
// The continue skips the step once: the iteration with i = 1 runs twice, the second time
// with extra = 1, writing A[2t + 2], the cell of thread t + 1's first iteration.
__global__ void k(int *A)
{
    int i = 0, extra = 0;
    while (i < 2) {
        A[2 * threadIdx.x + i + extra] = threadIdx.x;
        if (extra == 0 && i == 1) { extra = 1; continue; }
        i++;
    }
}
