//xfail:data-race
//--blockDim=128 --gridDim=16
// mapcheck: data-dependent
// CSR SpMV, vector kernel (Bell & Garland): one 32-thread warp per row, each lane summing a
// strided part of the row, then a warp-synchronous tree reduction of the partial sums in
// shared memory through a volatile pointer, with no barrier at all. In a SIMT-agnostic model
// (and on Volta+) lane 0 reads vals[base + 16] in the `+16` step while lane 16 may still be
// storing its partial sum there, and lane 0 reads vals[base + 8] while lane 8 updates it:
// read-write races on shared memory for every matrix with at least one row.

__global__ void spmv_csr_vector(int num_rows, const int *row_ptr, const int *col_idx,
                                const float *A, const float *x, float *y)
{
    __shared__ float vals[128];
    int thread_id = blockDim.x * blockIdx.x + threadIdx.x;
    int warp_id = thread_id / 32;
    int lane = thread_id & (32 - 1);
    int row = warp_id;

    if (row < num_rows) {
        int row_start = row_ptr[row];
        int row_end = row_ptr[row + 1];
        float sum = 0.0f;
        for (int jj = row_start + lane; jj < row_end; jj += 32)
            sum += A[jj] * x[col_idx[jj]];
        vals[threadIdx.x] = sum;

        volatile float *v = vals;
        if (lane < 16) v[threadIdx.x] += v[threadIdx.x + 16];
        if (lane < 8) v[threadIdx.x] += v[threadIdx.x + 8];
        if (lane < 4) v[threadIdx.x] += v[threadIdx.x + 4];
        if (lane < 2) v[threadIdx.x] += v[threadIdx.x + 2];
        if (lane < 1) v[threadIdx.x] += v[threadIdx.x + 1];

        if (lane == 0)
            y[row] += v[threadIdx.x];
    }
}
