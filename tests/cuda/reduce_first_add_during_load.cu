//pass
//--blockDim=128 --gridDim=16
// mapcheck: exact
// Reduction #4 (Harris): "first add during global load". Each block reduces 2 * blockDim.x
// inputs; thread t of block b reads in[b * 2B + t] and in[b * 2B + t + B]. The global reads
// are disjoint, only reads anyway; the shared rounds are the race-free sequential ones.

__global__ void reduce3(const float *g_idata, float *g_odata)
{
    __shared__ float sdata[128];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    sdata[tid] = g_idata[i] + g_idata[i + blockDim.x];
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
