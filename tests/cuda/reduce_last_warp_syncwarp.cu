//pass
//--blockDim=32 --gridDim=8
// mapcheck: exact
// The CUDA 9+ fix of the unrolled last warp (programming guide, "independent thread
// scheduling"): read into a register, __syncwarp(), write, __syncwarp(). Only threads 0..31
// (one full warp) run it, and __syncwarp() orders all of that warp's accesses: in each step
// every read of the warp precedes every write. Race free under CUDA semantics.
// The block is one warp (32 threads: the tree loop runs no iteration and the whole block runs
// the warp reduction); reduce_last_warp_syncwarp_128.cu is the same kernel with four warps.

__device__ void warpReduceSync(float *sdata, unsigned int tid)
{
    float v = sdata[tid];
    v += sdata[tid + 32]; __syncwarp(); sdata[tid] = v; __syncwarp();
    v += sdata[tid + 16]; __syncwarp(); sdata[tid] = v; __syncwarp();
    v += sdata[tid + 8];  __syncwarp(); sdata[tid] = v; __syncwarp();
    v += sdata[tid + 4];  __syncwarp(); sdata[tid] = v; __syncwarp();
    v += sdata[tid + 2];  __syncwarp(); sdata[tid] = v; __syncwarp();
    v += sdata[tid + 1];  __syncwarp(); sdata[tid] = v;
}

__global__ void reduce4_syncwarp(const float *g_idata, float *g_odata)
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
        warpReduceSync(sdata, tid);
    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
