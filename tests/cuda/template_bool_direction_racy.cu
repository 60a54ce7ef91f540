//xfail:data-race
//--blockDim=128 --gridDim=8
// mapcheck: exact
// The `bool`-templated staging of `template_bool_direction.cu` with the barrier executed only
// when the template argument asks for it (`if (SYNC) __syncthreads();`, uniform). The kernel
// is never instantiated, so it stands for SYNC = false too: then thread 0 reads
// tile[BLOCK - 1] (BLOCK = 128: tile[127]) while thread 127 writes it in the same phase.

template <bool SYNC, int BLOCK>
__global__ void stage_tile_racy(const float *in, float *out)
{
    __shared__ float tile[BLOCK];
    int t = threadIdx.x;
    if (t < BLOCK)
        tile[t] = in[blockIdx.x * BLOCK + t];
    if (SYNC)
        __syncthreads();
    if (t < BLOCK)
        out[blockIdx.x * BLOCK + t] = tile[BLOCK - 1 - t];
}
