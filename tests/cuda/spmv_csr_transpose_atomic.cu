//pass
//--blockDim=128 --gridDim=32
// mapcheck: data-dependent
// The transpose product with atomicAdd on the scattered updates: every access to y is an
// atomic, and atomics do not race with each other; row_ptr, col_idx, vals and x are only
// read: race free for every matrix.

__global__ void spmv_csr_transpose_atomic(int num_rows, const int *row_ptr, const int *col_idx,
                                          const float *vals, const float *x, float *y)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < num_rows) {
        float xr = x[row];
        for (int jj = row_ptr[row]; jj < row_ptr[row + 1]; jj++)
            atomicAdd(&y[col_idx[jj]], vals[jj] * xr);
    }
}
