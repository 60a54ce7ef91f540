//pass
//--blockDim=128 --gridDim=32
// mapcheck: data-dependent
// CSR sparse matrix-vector product y = A x, scalar kernel (Bell & Garland, "Efficient Sparse
// Matrix-Vector Multiplication on CUDA"): one thread per row. The loop bounds come from
// row_ptr and the gathered x index from col_idx (data-dependent), but all of those are reads;
// the only write is y[row], one per thread: race free for every matrix.

__global__ void spmv_csr_scalar(int num_rows, const int *row_ptr, const int *col_idx,
                                const float *vals, const float *x, float *y)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < num_rows) {
        float dot = 0.0f;
        int row_start = row_ptr[row];
        int row_end = row_ptr[row + 1];
        for (int jj = row_start; jj < row_end; jj++)
            dot += vals[jj] * x[col_idx[jj]];
        y[row] = dot;
    }
}
