//pass
//--blockDim=[16,16] --gridDim=[4,4] -DNI=64 -DNJ=64 -DNK=32
// mapcheck: exact
// PolyBench/GPU `2mm`, first kernel: tmp = alpha * A * B. Thread (j, i) of the 2-D grid owns
// tmp[i * NJ + j] (j < NJ, i < NI): it clears it and accumulates into it; A and B are only
// read. Distinct (i, j) give distinct cells (j < NJ): race free across threads and blocks.

__global__ void mm2_kernel1(float *tmp, float *A, float *B, float alpha)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;

    if ((i < NI) && (j < NJ)) {
        tmp[i * NJ + j] = 0;
        for (int k = 0; k < NK; k++) {
            tmp[i * NJ + j] += alpha * A[i * NK + k] * B[k * NJ + j];
        }
    }
}
