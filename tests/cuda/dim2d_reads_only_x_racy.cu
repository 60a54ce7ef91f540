//xfail:data-race
//--blockDim=[32,4] --gridDim=2
// mapcheck: exact
// A 1-D kernel launched with 2-D blocks (issue 14): it reads only threadIdx.x, so the four
// threads (x, 0) .. (x, 3) of a block compute the same index and all write out[32 * b + x]:
// a write-write race. The geometry is the launch's, not what the kernel reads.

__global__ void scale_1d(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = 2.0f * in[i];
}
