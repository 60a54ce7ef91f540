//xfail:out-of-bounds
//--blockDim=[64] --gridDim=[1]
// mapcheck: exact
// Session 21 (probe W7): a local array int loc[4] = {0, 1, 2, 3} read at t % 8: threads with
// t % 8 >= 4 read loc[4..7], past its end: an index out of bounds (the value such a read gives
// is not an element). The stores are one per thread. The twin in bounds is
// oob_local_read_fits.cu.

__global__ void local_read(int *out)
{
    int loc[4] = {0, 1, 2, 3};
    out[threadIdx.x] = loc[threadIdx.x % 8];
}
