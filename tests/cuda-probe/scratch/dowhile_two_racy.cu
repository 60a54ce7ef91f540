//xfail:data-race
//--blockDim=64 --gridDim=1
// Three iterations k = 0, 1, 2: thread t writes A[2t .. 2t + 2]; A[2t + 2] is thread t + 1's first cell.
__global__ void k(int *A)
{
    int k = 0;
    do {
        A[2 * threadIdx.x + k] = threadIdx.x;
        k++;
    } while (k < 3);
}
