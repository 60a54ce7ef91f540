//xfail:data-race
//--blockDim=192 --gridDim=8
// mapcheck: data-dependent
// The histogram256 kernel of the CUDA samples with the barrier between the atomic updates and
// the merge removed. Thread b reads s_Hist[b + i * 256] (a plain read) while another warp may
// still be adding into that bin with atomicAdd: an atomic access and a plain access to the
// same cell in one barrier interval race (e.g. thread 0 merges bin 0 of warp 1 while
// thread 32 of warp 1 adds a data byte 0 there).

#define BIN_COUNT 256
#define WARP_COUNT 6
#define THREADBLOCK_SIZE 192

typedef unsigned int uint;

__global__ void histogram256NoSync(uint *d_PartialHistograms, uint *d_Data, uint dataCount)
{
    __shared__ uint s_Hist[WARP_COUNT * BIN_COUNT];
    uint *s_WarpHist = s_Hist + (threadIdx.x >> 5) * BIN_COUNT;

    for (uint i = 0; i < WARP_COUNT * BIN_COUNT / THREADBLOCK_SIZE; i++)
        s_Hist[threadIdx.x + i * THREADBLOCK_SIZE] = 0;
    __syncthreads();

    for (uint pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount;
         pos += blockDim.x * gridDim.x) {
        uint data = d_Data[pos];
        atomicAdd(s_WarpHist + (data & 0xFFU), 1);
        atomicAdd(s_WarpHist + ((data >> 8) & 0xFFU), 1);
    }
    // missing __syncthreads();

    for (uint bin = threadIdx.x; bin < BIN_COUNT; bin += THREADBLOCK_SIZE) {
        uint sum = 0;
        for (uint i = 0; i < WARP_COUNT; i++)
            sum += s_Hist[bin + i * BIN_COUNT];
        d_PartialHistograms[blockIdx.x * BIN_COUNT + bin] = sum;
    }
}
