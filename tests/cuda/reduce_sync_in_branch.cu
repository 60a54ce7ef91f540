//xfail:barrier-divergence
//--blockDim=128 --gridDim=4
// mapcheck: exact
// A reduction whose barrier was moved inside the `if (tid < s)`: only the active threads
// reach __syncthreads(), so in the first round threads 64..127 skip a barrier that threads
// 0..63 wait at. Barrier divergence (undefined behaviour in CUDA).

__global__ void reduce_diverge(const float *in, float *out)
{
    __shared__ float sdata[128];
    unsigned int tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
            __syncthreads();                 // BUG: not reached by threads tid >= s
        }
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}
