//pass
//--blockDim=256 --gridDim=4 -DNX=1024 -DNY=1024
// mapcheck: exact
// PolyBench/GPU `atax`, second kernel: y = A^T tmp. Thread j (j < NY) accumulates into y[j]
// only, reading column j of A and all of tmp (never written here): race free.

__global__ void atax_kernel2(float *A, float *y_outp, float *tmp)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;

    if (j < NY) {
        for (int i = 0; i < NX; i++) {
            y_outp[j] += A[i * NY + j] * tmp[i];
        }
    }
}
