//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: exact
// The precondition's lower bound is too weak (`width >= 32`): with width = 32, thread 32 of
// block 0 and thread 0 of block 1 both write out[32]: a write-write race between blocks.

__global__ void rows_with_pitch_weak(const float *in, float *out, int width)
{
    __requires(width >= 32 && width <= 65536);
    out[blockIdx.x * width + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
