//xfail:out-of-bounds
//--blockDim=[32] --gridDim=[1]
// mapcheck: exact
// Session 21 (probe W6): `__shared__ char c[64]` viewed as `int *`: q[t] covers the bytes
// 4t..4t+3, so threads 16..31 write bytes 64..127, past the end of `c`: an index out of bounds
// (the array is byte-addressed; the check covers the first and the last byte of each store).
// The stores of threads 0..15 are disjoint. The twin in bounds is oob_byte_view_fits.cu.

__global__ void byte_view(int *out)
{
    __shared__ char c[64];
    int *q = (int *)c;
    q[threadIdx.x] = threadIdx.x;
}
