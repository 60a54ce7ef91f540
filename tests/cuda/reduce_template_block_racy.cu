//xfail:data-race
//--blockDim=256 --gridDim=8
// mapcheck: exact
// mapcheck: known-imprecision: data-dependent racy — the template is never instantiated, so it is read from its pattern with `blockSize` any `unsigned` (no argument is guessed): the grid-stride step `blockSize * 2 * gridDim.x` may be 0 (`blockSize = 0`, or a product that wraps to 0) or wrap past 2^32 for other values, so the loop has no closed trip count and its `?` is named `trips_step_may_be_0`; the race after it is found
// The completely unrolled reduction of `reduce_template_block.cu` with the barrier after the
// `blockSize >= 128` level dropped. blockSize is not instantiated, so the kernel stands for
// every value; for blockSize >= 128 (e.g. 256, the launch's block) thread t < 64 writes
// sdata[t] at that level, and at the next level (blockSize >= 64) thread t < 32 reads
// sdata[t + 32] with no barrier in between: thread 0 reads sdata[32] while thread 32 may still
// be writing it. A race.

template <unsigned int blockSize>
__global__ void reduce6_racy(const int *g_idata, int *g_odata, unsigned int n)
{
    __shared__ int sdata[512];
    unsigned int tid = threadIdx.x;
    unsigned int gridSize = blockSize * 2 * gridDim.x;
    int sum = 0;
    for (unsigned int i = blockIdx.x * (blockSize * 2) + tid; i < n; i += gridSize)
        sum += g_idata[i] + g_idata[i + blockSize];
    sdata[tid] = sum;
    __syncthreads();

    if (blockSize >= 512) { if (tid < 256) { sdata[tid] += sdata[tid + 256]; } __syncthreads(); }
    if (blockSize >= 256) { if (tid < 128) { sdata[tid] += sdata[tid + 128]; } __syncthreads(); }
    if (blockSize >= 128) { if (tid < 64) { sdata[tid] += sdata[tid + 64]; } }
    if (blockSize >= 64) { if (tid < 32) { sdata[tid] += sdata[tid + 32]; } __syncthreads(); }
    if (blockSize >= 32) { if (tid < 16) { sdata[tid] += sdata[tid + 16]; } __syncthreads(); }
    if (blockSize >= 16) { if (tid < 8) { sdata[tid] += sdata[tid + 8]; } __syncthreads(); }
    if (blockSize >= 8) { if (tid < 4) { sdata[tid] += sdata[tid + 4]; } __syncthreads(); }
    if (blockSize >= 4) { if (tid < 2) { sdata[tid] += sdata[tid + 2]; } __syncthreads(); }
    if (blockSize >= 2) { if (tid < 1) { sdata[tid] += sdata[tid + 1]; } __syncthreads(); }

    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
