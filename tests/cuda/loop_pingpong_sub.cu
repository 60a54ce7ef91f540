//pass
//--blockDim=64 --gridDim=1 -DSTEPS=5
// mapcheck: exact
// A ping-pong buffer toggled with `cur = 1 - cur` (issue 20, the `v = c - v` closed form):
// in step s thread t reads buf[cur][t .. t + 2] and writes buf[1 - cur][t + 1], then a
// barrier, then the toggle; cur is 0, 1, 0, 1, 0 in the five steps and 1 after them. The
// written half is never the read half within a step, each thread writes its own cell, and
// the barrier separates a step's writes from the next step's reads; after the loop each
// thread reads back only its own cell of buf[1]: race free. Host check:
// host/loop_pingpong_sub.cpp (the values of cur, the accesses per barrier interval).

__global__ void diffuse_sub(const int *in, int *out)
{
    __shared__ int buf[2][66];
    int t = threadIdx.x + 1;
    buf[0][t] = in[threadIdx.x];
    if (threadIdx.x == 0) {
        buf[0][0] = 0;
        buf[0][65] = 0;
        buf[1][0] = 0;
        buf[1][65] = 0;
    }
    __syncthreads();
    int cur = 0;
    for (int s = 0; s < STEPS; s++) {
        buf[1 - cur][t] = buf[cur][t - 1] + buf[cur][t] + buf[cur][t + 1];
        __syncthreads();
        cur = 1 - cur;
    }
    out[threadIdx.x] = buf[cur][t];
}
