//xfail:data-race
//--gridDim=1
// mapcheck: exact
// An assumption inside one branch constrains the runs through that branch only (SPEC §8). With
// n <= 0 the assumption is never reached, and a block of 8 threads has threads 0 and 4 write
// a[0] with different values.

__global__ void assume_in_branch(int *a, int n)
{
    if (n > 0) {
        __assume(blockDim.x <= 4);
    }
    a[threadIdx.x % 4] = threadIdx.x;
}
