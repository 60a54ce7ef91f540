//pass
//--blockDim=128 --gridDim=8
// mapcheck: exact
// A templated block-local reversal: `template <class T, int BLOCK>` with the element type
// opaque and the block size a symbolic value parameter. Thread t stages in[b * BLOCK + t] into
// tile[t], waits, and writes tile[BLOCK - 1 - t]. Writes before the barrier and reads after
// it; each block writes its own BLOCK outputs. The launch guarantees BLOCK == blockDim.x.

template <class T, int BLOCK>
__global__ void reverse_tile(const T *in, T *out)
{
    __shared__ T tile[BLOCK];
    int t = threadIdx.x;
    if (t < BLOCK) {
        tile[t] = in[blockIdx.x * BLOCK + t];
    }
    __syncthreads();
    if (t < BLOCK) {
        out[blockIdx.x * BLOCK + t] = tile[BLOCK - 1 - t];
    }
}
