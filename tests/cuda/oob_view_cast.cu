//xfail:out-of-bounds
//--blockDim=[128] --gridDim=[1]
// mapcheck: exact
// Session 21 (probe W6): `__shared__ int s[64]` written through a `float *` view of it. The
// view's cells are the array's (one 4-byte scalar each), and threads 64..127 write f[64..127],
// past the end of `s`: an index out of bounds of `s`. Every store is one per thread: no race
// among the accesses in bounds. The twin in bounds is oob_view_cast_fits.cu.

__global__ void view_cast(float *out)
{
    __shared__ int s[64];
    float *f = (float *)s;
    f[threadIdx.x] = 1.0f;
}
