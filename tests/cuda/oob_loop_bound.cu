//pass
//--blockDim=[32] --gridDim=[1]
// mapcheck: exact
// oob_loop_off_by_one.cu with the bound right (`i < 64`): thread t clears buf[t] and
// buf[t + 32], every index within `buf[64]`, one store per cell; the reads come after the
// barrier. Race free, in bounds.

__global__ void clear_buffer(float *out)
{
    __shared__ float buf[64];
    for (int i = threadIdx.x; i < 64; i += blockDim.x)
        buf[i] = 0.0f;
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x] + buf[threadIdx.x + 32];
}
