//xfail:data-race
//--gridDim=1
// mapcheck: exact
// No --blockDim: the block shape is symbolic in all three dimensions, and nothing keeps
// blockDim.y at 1. With blockDim = (32, 2, 1), threads (x, 0) and (x, 1) both read and write out[x]:
// a read-write race (and a write-write one; a plain copy `out[x] = in[x]` would store one value
// and race only benignly). Assuming 1-D blocks because the kernel only reads `.x` would miss it.

__global__ void copy_x(const float *in, float *out)
{
    out[threadIdx.x] += in[threadIdx.x];
}
