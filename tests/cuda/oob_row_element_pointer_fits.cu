//pass
//--blockDim=[8,4] --gridDim=[1]
// mapcheck: exact
// oob_row_element_pointer.cu with 8 threads per row: row[x] is tile[y][x], within the row,
// one cell per thread: race free.

__global__ void row_element_pointer(int *out)
{
    __shared__ int tile[4][8];
    int *row = &tile[threadIdx.y][0];
    row[threadIdx.x] = (int)threadIdx.x;
}
