//xfail:data-race
//--blockDim=8 --gridDim=4
// mapcheck: exact
// The twin of const_table_permutation.cu whose table repeats 3 (threads 0 and 7) and leaves
// out 4: both threads write out[blockIdx.x * 8 + 3] with different values. Racy.

const int perm[8] = {3, 1, 7, 5, 0, 2, 6, 3};

__global__ void scatter(int *out)
{
    out[blockIdx.x * 8 + perm[threadIdx.x]] = threadIdx.x;
}
