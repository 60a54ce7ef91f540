//xfail:data-race
//--blockDim=256 --gridDim=8
// mapcheck: exact
// Sequential-addressing reduction without the barrier between loading the tile and the first
// round. In the first round (s = 128) thread 0 reads sdata[128], which thread 128 writes in
// the same phase (its load): a read-write race on shared memory.

__global__ void reduce_seq_noload(const float *in, float *out)
{
    __shared__ float sdata[256];
    unsigned int tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    // missing __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}
