//xfail:out-of-bounds
//--blockDim=[64] --gridDim=[1]
// mapcheck: exact
// Session 21 (probe W6): `__shared__ int s[64]` passed to a `__device__` helper that stores
// a[i + 1]: thread 63 writes s[64], past the end of `s` (the helper's pointer parameter points
// into `s`, whose extent still holds). The stores are one per thread. The twin in bounds is
// oob_helper_param_guarded.cu.

__device__ void put(int *a, int i) { a[i + 1] = i; }

__global__ void helper_param(int *out)
{
    __shared__ int s[64];
    put(s, threadIdx.x);
}
