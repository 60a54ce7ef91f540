//pass
//--blockDim=[16,16] --gridDim=[8,8]
// mapcheck: exact
// Untiled matrix multiplication with a runtime size n: thread (row, col) computes one dot
// product from global memory and writes C[row * n + col] (bounds-checked). Rows and columns
// are below n, so (row, col) -> row * n + col is injective: race free.

__global__ void matmul_naive(const float *A, const float *B, float *C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float acc = 0.0f;
        for (int k = 0; k < n; ++k)
            acc += A[row * n + k] * B[k * n + col];
        C[row * n + col] = acc;
    }
}
