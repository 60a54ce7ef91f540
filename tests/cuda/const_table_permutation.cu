//pass
//--blockDim=8 --gridDim=4
// mapcheck: exact
// A file-scope `const` permutation table: nobody can write a `const` object, so perm[t] is
// the initialiser's value and {3, 1, 7, 5, 0, 2, 6, 4} sends the 8 threads of a block to 8
// distinct cells of the block's row. Race free. (mapcheck once read the table as memory of
// any contents and "confirmed" a race with a table that was not this one.)

const int perm[8] = {3, 1, 7, 5, 0, 2, 6, 4};

__global__ void scatter(int *out)
{
    out[blockIdx.x * 8 + perm[threadIdx.x]] = threadIdx.x;
}
