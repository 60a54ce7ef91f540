//xfail:out-of-bounds
//--blockDim=[64] --gridDim=[1]
// mapcheck: exact
// Session 21: an atomic's address is a pointer into `__shared__ int s[64]`: atomicAdd on
// &s[t + 1] makes thread 63 update s[64], past the end of `s`. Atomics do not race with one
// another. The twin in bounds is oob_atomic_ptr_wrap.cu.

__global__ void atomic_ptr(int *out)
{
    __shared__ int s[64];
    atomicAdd(&s[threadIdx.x + 1], 1);
}
