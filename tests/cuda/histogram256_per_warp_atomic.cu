//pass
//--blockDim=192 --gridDim=8
// mapcheck: data-dependent
// CUDA samples `histogram`, histogram256 kernel: each warp of the 192-thread block owns a
// 256-bin sub-histogram s_Hist[warp * 256 .. warp * 256 + 255], updated with shared atomics
// (atomic against atomic never races). The clearing loop writes s_Hist[tid + i * 192], a
// distinct cell per (thread, i) (tid < 192), and ends with a barrier. After the data loop and
// a barrier, thread b (grid-striding over the 256 bins) sums bin b of every warp's
// sub-histogram and writes its block's partial histogram: distinct cells per (block, b).
// The bins come from the data: data-dependent class; race free for any data.

#define WARP_LOG_SIZE 5
#define WARP_COUNT 6
#define BIN_COUNT 256
#define THREADBLOCK_SIZE (WARP_COUNT << WARP_LOG_SIZE)
#define THREAD_N (WARP_COUNT * BIN_COUNT)

typedef unsigned int uint;

__device__ void addByte(uint *s_WarpHist, uint data)
{
    atomicAdd(s_WarpHist + data, 1);
}

__device__ void addWord(uint *s_WarpHist, uint data)
{
    addByte(s_WarpHist, (data >> 0) & 0xFFU);
    addByte(s_WarpHist, (data >> 8) & 0xFFU);
    addByte(s_WarpHist, (data >> 16) & 0xFFU);
    addByte(s_WarpHist, (data >> 24) & 0xFFU);
}

__global__ void histogram256Kernel(uint *d_PartialHistograms, uint *d_Data, uint dataCount)
{
    __shared__ uint s_Hist[THREAD_N];
    uint *s_WarpHist = s_Hist + (threadIdx.x >> WARP_LOG_SIZE) * BIN_COUNT;

#pragma unroll
    for (uint i = 0; i < (THREAD_N / THREADBLOCK_SIZE); i++)
        s_Hist[threadIdx.x + i * THREADBLOCK_SIZE] = 0;

    __syncthreads();

    for (uint pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount;
         pos += blockDim.x * gridDim.x) {
        uint data = d_Data[pos];
        addWord(s_WarpHist, data);
    }

    __syncthreads();

    for (uint bin = threadIdx.x; bin < BIN_COUNT; bin += THREADBLOCK_SIZE) {
        uint sum = 0;
        for (uint i = 0; i < WARP_COUNT; i++)
            sum += s_Hist[bin + i * BIN_COUNT];
        d_PartialHistograms[blockIdx.x * BIN_COUNT + bin] = sum;
    }
}
