//xfail:out-of-bounds
//--blockDim=[32] --gridDim=[1]
// mapcheck: exact
// Session 22: an array inside a thread's own struct, `struct Acc { int v[4]; int n; } acc`,
// written at acc.v[t % 8]: threads with t % 8 >= 4 write past the end of `v` (into `n` or
// beyond: undefined behaviour whatever it lands on). The stores to `out` are one per thread.
// The twin in bounds is oob_local_struct_fits.cu.

struct Acc {
    int v[4];
    int n;
};

__global__ void local_struct(int *out)
{
    Acc acc;
    acc.n = 0;
    acc.v[threadIdx.x % 8] = (int)threadIdx.x;
    out[threadIdx.x] = acc.n;
}
