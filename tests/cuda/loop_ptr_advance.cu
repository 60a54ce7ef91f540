//pass
//--blockDim=64 --gridDim=2 -DPER_THREAD=8
// mapcheck: exact
// A pointer advanced inside a loop (issue 20): thread g = blockIdx.x * 64 + threadIdx.x starts
// at out + g and steps by the total thread count (128), writing out[g], out[g + 128], ...:
// the cells of distinct threads differ modulo 128: race free.

__global__ void strided_fill(const float *in, float *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = gridDim.x * blockDim.x;
    const float *src = in + g;
    float *dst = out + g;
    for (int k = 0; k < PER_THREAD; ++k) {
        *dst = 2.0f * *src;
        dst += stride;
        src += stride;
    }
}
