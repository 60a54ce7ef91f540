//xfail:data-race
//--blockDim=64 --gridDim=1 -DSTEPS=8
// mapcheck: exact
// The pointer-swap ping-pong without the barrier in the loop: in step 0 thread t reads
// src[t + 1] = buf0[t + 1], and in step 1 (after its swap, dst = buf0) thread t + 1 writes
// buf0[t + 1]. Nothing orders the two: a read-write race on buf0 (e.g. threads 0 and 1 on
// buf0[2]).

__global__ void smooth_pingpong_nosync(const float *in, float *out)
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
        float *tmp = src;
        src = dst;
        dst = tmp;
    }
    out[threadIdx.x] = src[t];
}
