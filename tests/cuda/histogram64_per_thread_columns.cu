//pass
//--blockDim=64 --gridDim=16
// mapcheck: data-dependent
// CUDA samples `histogram`, histogram64 kernel (without the bank-permuted thread position):
// every thread owns a private column of the shared sub-histogram, s_Hist[bin * 64 + tid], and
// increments it without atomics — safe because no other thread ever touches column tid. The
// bin comes from the data (a 6-bit field of each input word), so the index is data-dependent,
// but for any data bin * 64 + tid == bin' * 64 + tid' with tid, tid' < 64 forces tid == tid'.
// After a barrier, thread b < 64 sums row b (all columns) and writes its block's partial
// histogram d_PartialHistograms[blockIdx.x * 64 + b]: distinct cells for distinct (block, b).

#define BIN_COUNT 64
#define THREADBLOCK_SIZE 64

typedef unsigned int uint;
typedef unsigned char uchar;

__device__ inline void addByte(uchar *s_ThreadBase, uint data)
{
    s_ThreadBase[data * THREADBLOCK_SIZE]++;
}

__device__ inline void addWord(uchar *s_ThreadBase, uint data)
{
    addByte(s_ThreadBase, (data >> 2) & 0x3FU);
    addByte(s_ThreadBase, (data >> 10) & 0x3FU);
    addByte(s_ThreadBase, (data >> 18) & 0x3FU);
    addByte(s_ThreadBase, (data >> 26) & 0x3FU);
}

__global__ void histogram64Kernel(uint *d_PartialHistograms, uint *d_Data, uint dataCount)
{
    __shared__ uchar s_Hist[THREADBLOCK_SIZE * BIN_COUNT];
    uchar *s_ThreadBase = s_Hist + threadIdx.x;

    for (uint i = 0; i < BIN_COUNT; i++)
        s_ThreadBase[i * THREADBLOCK_SIZE] = 0;
    __syncthreads();

    for (uint pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount;
         pos += blockDim.x * gridDim.x) {
        uint data = d_Data[pos];
        addWord(s_ThreadBase, data);
    }
    __syncthreads();

    if (threadIdx.x < BIN_COUNT) {
        uint sum = 0;
        for (uint i = 0; i < THREADBLOCK_SIZE; i++)
            sum += s_Hist[threadIdx.x * THREADBLOCK_SIZE + i];
        d_PartialHistograms[blockIdx.x * BIN_COUNT + threadIdx.x] = sum;
    }
}
