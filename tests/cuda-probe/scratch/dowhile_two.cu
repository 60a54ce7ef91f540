//pass
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    int k = 0;
    do {
        A[2 * threadIdx.x + k] = threadIdx.x;
        k++;
    } while (k < 2);
}
