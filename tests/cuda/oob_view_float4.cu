//xfail:out-of-bounds
//--blockDim=[32] --gridDim=[1]
// mapcheck: exact
// Session 21 (probe W6): `__shared__ float f[64]` viewed as `float4 *`: v[t] covers the floats
// 4t..4t+3, so threads 16..31 write floats 64..127, past the end of `f`: an index out of
// bounds. The stores of threads 0..15 are disjoint: no race among the accesses in bounds. The
// twin in bounds is oob_view_float4_fits.cu.

__global__ void view_float4(float4 *out)
{
    __shared__ float f[64];
    float4 *v = (float4 *)f;
    v[threadIdx.x] = make_float4(0.f, 0.f, 0.f, 0.f);
}
