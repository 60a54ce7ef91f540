//xfail:data-race
//--gridDim=1
// mapcheck: exact
// No --blockDim: the block shape is symbolic in all three dimensions, and nothing keeps
// blockDim.y at 1. With blockDim = (32, 2, 1), threads (x, 0) and (x, 1) both write out[x]:
// a write-write race. Assuming 1-D blocks because the kernel only reads `.x` would miss it.

__global__ void copy_x(const float *in, float *out)
{
    out[threadIdx.x] = in[threadIdx.x];
}
