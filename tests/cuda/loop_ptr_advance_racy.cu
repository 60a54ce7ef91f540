//xfail:data-race
//--blockDim=64 --gridDim=2 -DPER_THREAD=8
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// The destination pointer steps by blockDim.x (64) instead of the grid's thread count: thread
// 0 of block 0 writes out[0], out[64], ... and thread 0 of block 1 starts at out[64]: both
// write out[64]: a write-write race between blocks.

__global__ void strided_fill_block_stride(const float *in, float *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = gridDim.x * blockDim.x;
    const float *src = in + g;
    float *dst = out + g;
    for (int k = 0; k < PER_THREAD; ++k) {
        *dst = 2.0f * *src;
        dst += blockDim.x;
        src += stride;
    }
}
