//xfail:data-race
//--blockDim=128 --gridDim=8
// mapcheck: exact
// CUDA samples `reduction`, kernel 6 in its classic (pre-Volta) form: a template on the block
// size with complete unrolling, a grid-stride accumulation loop that adds two elements per
// step, and a warp-synchronous tail over a `volatile` pointer with no barrier between the
// steps. With blockSize = 128 the tail runs `smem[tid] += smem[tid + 32]`, then `+16`, ...
// for tid < 32. Thread 0 reads smem[16] in the `+16` step while thread 16 writes smem[16] in
// the `+32` step, with no barrier between them: a data race (the "warp-synchronous" assumption
// does not hold under independent thread scheduling, and no barrier orders the steps).

template <unsigned int blockSize, bool nIsPow2>
__global__ void reduce6(int *g_idata, int *g_odata, unsigned int n)
{
    __shared__ int sdata[blockSize];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;
    unsigned int gridSize = blockSize * 2 * gridDim.x;

    int mySum = 0;
    while (i < n) {
        mySum += g_idata[i];
        if (nIsPow2 || i + blockSize < n)
            mySum += g_idata[i + blockSize];
        i += gridSize;
    }

    sdata[tid] = mySum;
    __syncthreads();

    if (blockSize >= 512) {
        if (tid < 256) {
            sdata[tid] = mySum = mySum + sdata[tid + 256];
        }
        __syncthreads();
    }
    if (blockSize >= 256) {
        if (tid < 128) {
            sdata[tid] = mySum = mySum + sdata[tid + 128];
        }
        __syncthreads();
    }
    if (blockSize >= 128) {
        if (tid < 64) {
            sdata[tid] = mySum = mySum + sdata[tid + 64];
        }
        __syncthreads();
    }

    if (tid < 32) {
        volatile int *smem = sdata;
        if (blockSize >= 64) smem[tid] = mySum = mySum + smem[tid + 32];
        if (blockSize >= 32) smem[tid] = mySum = mySum + smem[tid + 16];
        if (blockSize >= 16) smem[tid] = mySum = mySum + smem[tid + 8];
        if (blockSize >= 8) smem[tid] = mySum = mySum + smem[tid + 4];
        if (blockSize >= 4) smem[tid] = mySum = mySum + smem[tid + 2];
        if (blockSize >= 2) smem[tid] = mySum = mySum + smem[tid + 1];
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}

template __global__ void reduce6<128, true>(int *g_idata, int *g_odata, unsigned int n);
