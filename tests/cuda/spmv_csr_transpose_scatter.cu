//xfail:data-race
//--blockDim=128 --gridDim=32
// mapcheck: data-dependent
// y = A^T x computed from the CSR form of A, one thread per row of A, scattering into y with
// a plain `+=`: rows i and k that both have an entry in column c both read-modify-write
// y[c]. A race as soon as two rows share a column (e.g. any matrix with a dense column).

__global__ void spmv_csr_transpose(int num_rows, const int *row_ptr, const int *col_idx,
                                   const float *vals, const float *x, float *y)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < num_rows) {
        float xr = x[row];
        for (int jj = row_ptr[row]; jj < row_ptr[row + 1]; jj++)
            y[col_idx[jj]] += vals[jj] * xr;          // BUG: needs atomicAdd
    }
}
