//xfail:out-of-bounds
//--blockDim=[8] --gridDim=[1]
// mapcheck: exact
// Session 21 (probe W6): a pointer into the middle of `__shared__ int s[64]`, p = s + 60; p[t]
// is s[60 + t], so threads 4..7 write s[64..67], past the end of `s`: an index out of bounds.
// The stores are one per thread. The twin in bounds is oob_ptr_offset_fits.cu.

__global__ void ptr_offset(int *out)
{
    __shared__ int s[64];
    int *p = s + 60;
    p[threadIdx.x] = 1;
}
