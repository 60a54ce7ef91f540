//pass
//--blockDim=[32,4] --gridDim=2
// mapcheck: exact
// The 1-D kernel on 2-D blocks with only row y = 0 storing: each x of a block is written by
// thread (x, 0) alone: race free.

__global__ void scale_1d_row0(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.y == 0)
        out[i] = 2.0f * in[i];
}
