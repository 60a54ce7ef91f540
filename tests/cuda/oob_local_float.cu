//xfail:out-of-bounds
//--blockDim=[64] --gridDim=[1]
// mapcheck: exact
// Session 21: a thread's own `float loc[4]` (not followed element by element: its values are
// floats) written at t % 8: threads with t % 8 >= 4 write past its end, an index out of
// bounds, although the array's cells are not modelled. The twin in bounds is
// oob_local_float_fits.cu.

__global__ void local_float(float *out)
{
    float loc[4];
    loc[threadIdx.x % 8] = 1.0f;
    out[threadIdx.x] = 2.0f;
}
