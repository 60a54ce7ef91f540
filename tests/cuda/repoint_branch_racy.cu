//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: exact
// Odd blocks re-point `dst` to `odd_out` and forget the row offset there: blocks 1 and 3 both
// write odd_out[t] (a write-write race between blocks). Even blocks write distinct rows of
// `even_out`. A pointer pinned to `even_out` would miss the writes to `odd_out`.

__global__ void deinterleave_blocks_bad(const float *in, float *even_out, float *odd_out)
{
    float *dst = even_out + (blockIdx.x / 2) * blockDim.x;
    if (blockIdx.x % 2 == 1)
        dst = odd_out;
    dst[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
