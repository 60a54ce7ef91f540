//pass
//--blockDim=128 --gridDim=8
// mapcheck: exact
// CUDA samples `reduction`, kernel 6 with the tail made safe: the same template, grid-stride
// accumulation and unrolled tree, but every step of the last warp is followed by a
// __syncthreads() executed by all threads (the `if (tid < k)` guards only the addition, and
// `blockSize >= k` is a template constant, uniform for the block). In the step that adds
// sdata[tid + k] into sdata[tid] for tid < k, the written cells are [0, k) and the read ones
// [k, 2k): disjoint; each step is its own barrier interval: race free.

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
        if (tid < 256) sdata[tid] = mySum = mySum + sdata[tid + 256];
        __syncthreads();
    }
    if (blockSize >= 256) {
        if (tid < 128) sdata[tid] = mySum = mySum + sdata[tid + 128];
        __syncthreads();
    }
    if (blockSize >= 128) {
        if (tid < 64) sdata[tid] = mySum = mySum + sdata[tid + 64];
        __syncthreads();
    }
    if (blockSize >= 64) {
        if (tid < 32) sdata[tid] = mySum = mySum + sdata[tid + 32];
        __syncthreads();
    }
    if (blockSize >= 32) {
        if (tid < 16) sdata[tid] = mySum = mySum + sdata[tid + 16];
        __syncthreads();
    }
    if (blockSize >= 16) {
        if (tid < 8) sdata[tid] = mySum = mySum + sdata[tid + 8];
        __syncthreads();
    }
    if (blockSize >= 8) {
        if (tid < 4) sdata[tid] = mySum = mySum + sdata[tid + 4];
        __syncthreads();
    }
    if (blockSize >= 4) {
        if (tid < 2) sdata[tid] = mySum = mySum + sdata[tid + 2];
        __syncthreads();
    }
    if (blockSize >= 2) {
        if (tid < 1) sdata[tid] = mySum = mySum + sdata[tid + 1];
        __syncthreads();
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}

template __global__ void reduce6<128, false>(int *g_idata, int *g_odata, unsigned int n);
