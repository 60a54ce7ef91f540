//pass
//--blockDim=256 --gridDim=4
// mapcheck: exact
// `1 << n` with a parameter n: w = 1u << (lg & 15) is a power of two in 1..32768. Threads
// t < w of block b write out[b * w + t]: rows of width w, t < w, so distinct threads write
// distinct cells: race free for every lg.

__global__ void rows_pow2(const float *in, float *out, unsigned lg)
{
    unsigned w = 1u << (lg & 15);
    if (threadIdx.x < w)
        out[blockIdx.x * w + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
