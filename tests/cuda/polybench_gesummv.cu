//pass
//--blockDim=256 --gridDim=4 -DN=1024
// mapcheck: exact
// PolyBench/GPU `gesummv`: y = alpha A x + beta B x. Thread i owns tmp[i] and y[i]; A, B and
// x are only read: race free.

__global__ void gesummv_kernel(float *a, float *b, float *x, float *y, float *tmp,
                               float alpha, float beta)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (i < N) {
        for (int j = 0; j < N; j++) {
            tmp[i] += a[i * N + j] * x[j];
            y[i] += b[i * N + j] * x[j];
        }
        y[i] = alpha * tmp[i] + beta * y[i];
    }
}
