//pass
//--blockDim=64 --gridDim=2
// mapcheck: exact
// A pointer chosen between two arrays (issue 14): block 0 writes `lo`, block 1 writes `hi`,
// each at its own thread index. Distinct threads of one block write distinct cells, and the
// two blocks write different arrays: race free. (Pinned to `lo`, both blocks would seem to
// write lo[t].)

__global__ void split_by_block(const float *in, float *lo, float *hi)
{
    float *dst = (blockIdx.x == 0) ? lo : hi;
    dst[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
