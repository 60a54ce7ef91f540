//xfail:out-of-bounds
//--blockDim=[16,4] --gridDim=[1]
// mapcheck: exact
// Session 22: a pointer to the first element of a row, `int *row = &tile[y][0]` of
// `__shared__ int tile[4][8]`, indexed by threadIdx.x up to 15. C++ [expr.add]/4: `row + j`
// is defined only within the array object `row` points into, the row tile[y] of 8 ints, so
// row[8..15] is undefined although the cells, tile[y + 1][0..7], are inside `tile` for y < 3
// (AddressSanitizer sees only row 3's, which leave `tile` itself: use-after-poison). mapcheck
// checks the access against the row: a thread indexes dimension 1 of `tile` with 8..15.
// Among the accesses in bounds the cells are one per thread (thread (8, 0) and thread (0, 1)
// both store to tile[1][0], which ThreadSanitizer sees: a race through an index out of
// bounds, reported as the out-of-bounds defect). The twin in bounds is
// oob_row_element_pointer_fits.cu.

__global__ void row_element_pointer(int *out)
{
    __shared__ int tile[4][8];
    int *row = &tile[threadIdx.y][0];
    row[threadIdx.x] = (int)threadIdx.x;
}
