//xfail:out-of-bounds
//--blockDim=[64] --gridDim=[1]
// mapcheck: data-dependent
// Session 21 (probe W7): a file-scope `const int tab[4]` read at t % 8: threads with
// t % 8 >= 4 read past its end, an index out of bounds (such a read gives no entry of the
// table: memory, any value, which makes the index of the store data-dependent). In bounds,
// a[8t + tab[t % 8]] would be a cell of the thread's own 8. The twin in bounds is
// oob_const_table_fits.cu.

const int tab[4] = {0, 1, 2, 3};

__global__ void const_table(int *a)
{
    a[8 * threadIdx.x + tab[threadIdx.x % 8]] = 1;
}
