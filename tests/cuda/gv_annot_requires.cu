//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// `__requires` is a precondition on the parameters: with width >= blockDim.x, the rows of
// blocks b and b + 1 (out[b * width + t], t < 64 <= width) do not overlap: race free.

__global__ void rows_with_pitch(const float *in, float *out, int width)
{
    __requires(width >= 64);
    out[blockIdx.x * width + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
