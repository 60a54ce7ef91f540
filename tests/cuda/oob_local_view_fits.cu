//pass
//--blockDim=[64] --gridDim=[1]
// mapcheck: exact
// oob_local_view.cu read at t % 16: every byte is one of the 16 of `loc`; the stores are one
// per thread: race free.

__global__ void local_view(int *out)
{
    int loc[4] = {1, 2, 3, 4};
    out[threadIdx.x] = ((unsigned char *)loc)[threadIdx.x % 16];
}
