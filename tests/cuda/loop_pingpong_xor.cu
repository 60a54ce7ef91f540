//pass
//--blockDim=64 --gridDim=1 -DSTEPS=6
// mapcheck: exact
// A ping-pong buffer toggled with `cur ^= 1` (issue 20): in each step thread t reads
// buf[cur][t - 1 .. t + 1] and writes buf[cur ^ 1][t], then a barrier, then the toggle. The
// written half is never the read half within a step, each thread writes its own cell, and
// the barrier separates a step's writes from the next step's reads: race free.

__global__ void diffuse_xor(const float *in, float *out)
{
    __shared__ float buf[2][66];
    int t = threadIdx.x + 1;
    buf[0][t] = in[threadIdx.x];
    buf[1][t] = in[threadIdx.x];
    if (threadIdx.x == 0) {
        buf[0][0] = buf[0][65] = 0.0f;
        buf[1][0] = buf[1][65] = 0.0f;
    }
    __syncthreads();
    int cur = 0;
    for (int s = 0; s < STEPS; s++) {
        buf[cur ^ 1][t] = 0.25f * buf[cur][t - 1] + 0.5f * buf[cur][t] + 0.25f * buf[cur][t + 1];
        __syncthreads();
        cur ^= 1;
    }
    out[threadIdx.x] = buf[cur][t];
}
