//pass
//--blockDim=[16,16] --gridDim=[4,4] -DN=64 -DM=64
// mapcheck: exact
// PolyBench/GPU `syrk`: C = alpha A A^T + beta C. Thread (j, i) scales and accumulates
// c[i * N + j] only; a is only read: race free.

__global__ void syrk_kernel(float ALPHA, float BETA, float *a, float *c)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;

    if ((i < N) && (j < N)) {
        c[i * N + j] *= BETA;
        for (int k = 0; k < M; k++) {
            c[i * N + j] += ALPHA * a[i * M + k] * a[j * M + k];
        }
    }
}
