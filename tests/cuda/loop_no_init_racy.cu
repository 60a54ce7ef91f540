//xfail:data-race
//--blockDim=128 --gridDim=2 -DN=4096
// mapcheck: exact
// The counter declared before the loop starts at threadIdx.x only (the block offset is
// forgotten): threads t of blocks 0 and 1 both write out[t]: a write-write race between
// blocks.

__global__ void grid_stride_no_init_bad(const float *in, float *out)
{
    int i = threadIdx.x;
    for (; i < N; i += blockDim.x * gridDim.x)
        out[i] = in[i] + 1.0f;
}
