//pass
//--blockDim=[64] --gridDim=[1]
// mapcheck: exact
// oob_const_table.cu read at t % 4 from a `__constant__` table: every index is within tab[4],
// and a[8t + tab[t % 4]] is a cell of the thread's own 8: race free.

__constant__ const int tab[4] = {0, 1, 2, 3};

__global__ void const_table(int *a)
{
    a[8 * threadIdx.x + tab[threadIdx.x % 4]] = 1;
}
