//pass
//--blockDim=64 --gridDim=1
// The break leaves only the inner loop: (i, j) = (i, 0) for i = 0..3.
__global__ void k(int *A)
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            if (j == 1) break;
            A[threadIdx.x * 4 + i + j] = threadIdx.x;
        }
}
