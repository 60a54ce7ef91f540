//pass
//--blockDim=64 --gridDim=16
// mapcheck: data-dependent
// mapcheck: known-imprecision: out-of-bounds — `accumPos` is carried by the merge loop, a value the lowering does not follow (`?`), so the read `((uint *)s_Hist)[valueBase + accumPos / 4]` through a view may leave `s_Hist` as far as mapcheck can tell: a potential out-of-bounds finding (session 21: an access through a pointer into a fixed-size array is checked against the whole array)
// Issue 37, slow kinds: per-thread histograms of 64 bins packed in words (CUDA samples
// `histogram`, histogram64Kernel, with its bank-permuted thread position). Each thread owns
// the byte column threadPos of s_Hist[bin * 64 + threadPos]; threadPos maps t = 16h + l
// (h < 4, l < 16) to 4l + h, a permutation of 0..63, so columns of distinct threads are
// distinct. The clearing loop writes word t + 64i (bytes 4(t + 64i) .. +3) per thread:
// distinct. Each input uint4 gives 16 byte updates s_Hist[threadPos + 64 * bin] (bin a 6-bit
// field of the data: data-dependent, but always in the thread's own column). After the
// barrier, thread v < 64 sums the 64 bytes of row v, reading the words of that row
// (v * 16 + k) in a rotated order, and writes d_PartialHistograms[blockIdx.x * 64 + v]:
// distinct cells for distinct (block, v). Barriers separate clearing, updating and merging.
// Race free.

#define BIN_COUNT 64
#define THREADBLOCK_SIZE 64
#define SHARED_MEMORY_BANKS 16

typedef unsigned int uint;
typedef unsigned char uchar;

__device__ inline void addByte(uchar *s_ThreadBase, uint data)
{
    s_ThreadBase[64 * data]++;
}

__device__ inline void addWord(uchar *s_ThreadBase, uint data)
{
    addByte(s_ThreadBase, (data >> 2) & 0x3FU);
    addByte(s_ThreadBase, (data >> 10) & 0x3FU);
    addByte(s_ThreadBase, (data >> 18) & 0x3FU);
    addByte(s_ThreadBase, (data >> 26) & 0x3FU);
}

__global__ void histogram64Kernel(uint *d_PartialHistograms, uint4 *d_Data, uint dataCount)
{
    const uint threadPos = ((threadIdx.x & ~(SHARED_MEMORY_BANKS * 4 - 1)) << 0) |
                           ((threadIdx.x & (SHARED_MEMORY_BANKS - 1)) << 2) |
                           ((threadIdx.x & (SHARED_MEMORY_BANKS * 3)) >> 4);
    __shared__ uchar s_Hist[THREADBLOCK_SIZE * BIN_COUNT];
    uchar *s_ThreadBase = s_Hist + threadPos;

#pragma unroll
    for (uint i = 0; i < (BIN_COUNT / 4); i++)
        ((uint *)s_Hist)[threadIdx.x + i * THREADBLOCK_SIZE] = 0;
    __syncthreads();

    for (uint pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount;
         pos += blockDim.x * gridDim.x) {
        uint4 data = d_Data[pos];
        addWord(s_ThreadBase, data.x);
        addWord(s_ThreadBase, data.y);
        addWord(s_ThreadBase, data.z);
        addWord(s_ThreadBase, data.w);
    }
    __syncthreads();

    if (threadIdx.x < BIN_COUNT) {
        uint sum = 0;
        const uint value = threadIdx.x;
        const uint valueBase = (value * THREADBLOCK_SIZE) / 4;
        const uint startPos = (threadIdx.x & 15) * 4;
#pragma unroll
        for (uint i = 0, accumPos = startPos; i < 16; i++) {
            sum += ((uint *)s_Hist)[valueBase + accumPos / 4];
            if (++accumPos == 64)
                accumPos = 0;
        }
        d_PartialHistograms[blockIdx.x * BIN_COUNT + value] = sum;
    }
}
