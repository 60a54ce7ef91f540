//pass
//--blockDim=128 --gridDim=8
// mapcheck: exact
// A template on a `bool` and a block size, never instantiated: it stands for both directions
// and every BLOCK. Thread t stages in[b * BLOCK + t] into tile[t] (t < BLOCK), waits, then
// writes tile[BACKWARD ? BLOCK - 1 - t : t]'s value to its own output. Writes before the
// barrier, reads after it, each block its own BLOCK outputs (BLOCK sizes a __shared__ array,
// so it is at most 48 KB and b * BLOCK + t does not wrap): race free in both directions.

template <bool BACKWARD, int BLOCK>
__global__ void stage_tile(const float *in, float *out)
{
    __shared__ float tile[BLOCK];
    int t = threadIdx.x;
    if (t < BLOCK)
        tile[t] = in[blockIdx.x * BLOCK + t];
    __syncthreads();
    if (t < BLOCK)
        out[blockIdx.x * BLOCK + t] = tile[BACKWARD ? BLOCK - 1 - t : t];
}
