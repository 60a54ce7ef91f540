//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(int *A)
{
    switch (int i = threadIdx.x / 2; i % 2) {
    case 0: A[i] = threadIdx.x; break;
    default: A[100 + i] = threadIdx.x; break;
    }
}
