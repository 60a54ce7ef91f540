//pass
//--blockDim=256 --gridDim=8
// mapcheck: exact
// The portable fix of the unrolled last warp: keep the loop (and its block-wide barrier) down
// to s = 1, but let every thread reach the barrier (only the addition is guarded). Each round
// t < s reads t + s >= s, which no active thread writes; the barrier separates rounds.

__global__ void reduce4_fixed(const float *g_idata, float *g_odata)
{
    __shared__ float sdata[256];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    sdata[tid] = g_idata[i] + g_idata[i + blockDim.x];
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    // Formerly warp-synchronous: now six more synchronised rounds.
#pragma unroll
    for (unsigned int s = 32; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
