//pass
//--blockDim=128 --gridDim=16
// mapcheck: exact
// Reduction #1 of Mark Harris' "Optimizing Parallel Reduction in CUDA": interleaved
// addressing with a divergent branch. In the round with stride s, thread t with t % 2s == 0
// adds sdata[t + s] into sdata[t]. Cells t and t + s of one round are touched by thread t
// only (t + s is not a multiple of 2s), and the barrier after each round orders the rounds:
// race free. Block b writes only out[b].

__global__ void reduce0(const int *g_idata, int *g_odata)
{
    __shared__ int sdata[128];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = g_idata[i];
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
