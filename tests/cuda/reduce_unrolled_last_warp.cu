//xfail:data-race
//--blockDim=128 --gridDim=8
// mapcheck: exact
// Reduction #5 (Harris): the last six rounds unrolled for the final warp, relying on
// "warp-synchronous" execution and `volatile` instead of barriers. Since Volta (independent
// thread scheduling) this is a real race, and in a SIMT-agnostic model it always is: thread 0
// reads sdata[16] in the `+16` step while thread 16 writes sdata[16] in the `+32` step, with
// no barrier between. (The fix is __syncwarp() between the steps, or a loop with barriers.)

__device__ void warpReduce(volatile float *sdata, unsigned int tid)
{
    sdata[tid] += sdata[tid + 32];
    sdata[tid] += sdata[tid + 16];
    sdata[tid] += sdata[tid + 8];
    sdata[tid] += sdata[tid + 4];
    sdata[tid] += sdata[tid + 2];
    sdata[tid] += sdata[tid + 1];
}

__global__ void reduce4(const float *g_idata, float *g_odata)
{
    __shared__ float sdata[128];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    sdata[tid] = g_idata[i] + g_idata[i + blockDim.x];
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid < 32)
        warpReduce(sdata, tid);
    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
