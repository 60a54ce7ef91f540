//xfail:data-race
//--blockDim=256 --gridDim=4
// mapcheck: exact
// The guard off by one, `threadIdx.x <= w`: for lg = 0 (w = 1) threads 0 and 1 of block b
// write out[b] and out[b + 1], and thread 0 of block b + 1 writes out[b + 1] too: a
// write-write race between blocks.

__global__ void rows_pow2_le(const float *in, float *out, unsigned lg)
{
    unsigned w = 1u << (lg & 15);
    if (threadIdx.x <= w)
        out[blockIdx.x * w + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
