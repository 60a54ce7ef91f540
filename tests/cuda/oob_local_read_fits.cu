//pass
//--blockDim=[64] --gridDim=[1]
// mapcheck: exact
// oob_local_read.cu read at t % 4: every index is within loc[4]; the stores are one per
// thread: race free.

__global__ void local_read(int *out)
{
    int loc[4] = {0, 1, 2, 3};
    out[threadIdx.x] = loc[threadIdx.x % 4];
}
