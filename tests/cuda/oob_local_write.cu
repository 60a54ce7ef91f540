//xfail:out-of-bounds
//--blockDim=[64] --gridDim=[1]
// mapcheck: exact
// Session 21 (probe W7): a local array int loc[4] written at t % 8: threads with t % 8 >= 4
// write loc[4..7], past its end (on a GPU, other local memory): an index out of bounds. The
// global stores are one per thread.

__global__ void local_write(int *out)
{
    int loc[4] = {0, 0, 0, 0};
    loc[threadIdx.x % 8] = 1;
    out[threadIdx.x] = loc[0];
}
