//pass
//--blockDim=[16,8] --gridDim=[1]
// mapcheck: exact
// oob_row_pointer.cu with 16 threads per row: r[y][x] is tile[y][x] with x < 16 and y < 8, one
// cell per thread; after the barrier each thread reads tile[7 - y][15 - x],
// written in the earlier phase: race free.

__global__ void row_pointer(int *out)
{
    __shared__ int tile[8][16];
    int (*r)[16] = tile;
    r[threadIdx.y][threadIdx.x] = 1;
    __syncthreads();
    out[threadIdx.y * 16 + threadIdx.x] = tile[7 - threadIdx.y][15 - threadIdx.x];
}
