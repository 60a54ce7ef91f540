//xfail:data-race
//--blockDim=128 --gridDim=8
// mapcheck: exact
// The templated reversal without its barrier: thread t reads tile[BLOCK - 1 - t], which
// thread BLOCK - 1 - t writes in the same phase (for any BLOCK >= 2 that fits the block).

template <class T, int BLOCK>
__global__ void reverse_tile_racy(const T *in, T *out)
{
    __shared__ T tile[BLOCK];
    int t = threadIdx.x;
    if (t < BLOCK) {
        tile[t] = in[blockIdx.x * BLOCK + t];
        out[blockIdx.x * BLOCK + t] = tile[BLOCK - 1 - t];
    }
}
