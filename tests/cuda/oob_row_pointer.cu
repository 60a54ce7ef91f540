//xfail:out-of-bounds
//--blockDim=[32,8] --gridDim=[1]
// mapcheck: exact
// Session 21: a pointer to the rows of `__shared__ int tile[8][16]`, int (*r)[16] = tile, so
// that r[y][x] is tile[y][x]. With 32 threads per row, thread (16, 0) writes r[0][16]: past
// the end of row 0 (dimension 1 of `tile`, extent 16), although the cell, tile[1][0], is inside
// the array. The pointer's pointee is the array's element type, so the element's subscripts are
// the array's own dimensions. The twin in bounds is oob_row_pointer_fits.cu.

__global__ void row_pointer(int *out)
{
    __shared__ int tile[8][16];
    int (*r)[16] = tile;
    r[threadIdx.y][threadIdx.x] = 1;
}
