//pass
//--blockDim=64 --gridDim=1 -DSTEPS=8
// mapcheck: exact
// Ping-pong by swapping pointers in a loop (issue 20): each step reads `src` (neighbours t - 1,
// t + 1) and writes dst[t], then a barrier, then the pointers swap. Within a step the written
// array is not the read one, writes are per thread, and the barrier orders a step's writes
// before the next step's reads (and its reads before the next writes to that array): race
// free.

__global__ void smooth_pingpong(const float *in, float *out)
{
    __shared__ float buf0[66];
    __shared__ float buf1[66];
    int t = threadIdx.x + 1;
    buf0[t] = in[threadIdx.x];
    buf1[t] = in[threadIdx.x];
    if (threadIdx.x == 0) {
        buf0[0] = 0.0f; buf0[65] = 0.0f;
        buf1[0] = 0.0f; buf1[65] = 0.0f;
    }
    __syncthreads();
    float *src = buf0;
    float *dst = buf1;
    for (int step = 0; step < STEPS; ++step) {
        dst[t] = 0.5f * (src[t - 1] + src[t + 1]);
        __syncthreads();
        float *tmp = src;
        src = dst;
        dst = tmp;
    }
    out[threadIdx.x] = src[t];
}
