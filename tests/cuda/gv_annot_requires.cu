//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// `__requires` is a precondition on the parameters: with 64 <= width <= 65536, the rows of
// blocks b and b + 1 (out[b * width + t], t < 64 <= width) do not overlap: race free. (The
// upper bound matters: blockIdx.x * width is unsigned and wraps at 2^32, so with
// width = 1431655766 block 3 would start at 3 * width mod 2^32 = 2, inside block 0's row.)

__global__ void rows_with_pitch(const float *in, float *out, int width)
{
    __requires(width >= 64 && width <= 65536);
    out[blockIdx.x * width + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
