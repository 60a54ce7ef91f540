//pass
//--blockDim=256 --gridDim=8
// mapcheck: exact
// Reduction #3 (Harris): sequential addressing, s = blockDim.x / 2, s >>= 1. In round s the
// active threads t < s read sdata[t + s] (a cell no active thread writes) and write
// sdata[t]; the barrier at the end of each round orders the rounds: race free.

__global__ void reduce_seq(const float *in, float *out, unsigned int n)
{
    __shared__ float sdata[256];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    sdata[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}
