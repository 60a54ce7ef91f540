//xfail:data-race
//--blockDim=64 --gridDim=1 -DSTEPS=5
// mapcheck: exact
// The ping-pong of loop_pingpong_sub.cu without the barrier inside the loop: in step 0
// thread t writes buf[1][t + 1], and in step 1 (cur = 1 after `cur = 1 - cur`) thread t + 1
// reads buf[1][t + 1] in the same barrier interval: threads 0 and 1 race on buf[1][1].
// Host check: host/loop_pingpong_sub_racy.cpp.

__global__ void diffuse_sub_nosync(const int *in, int *out)
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
        cur = 1 - cur;
    }
    out[threadIdx.x] = buf[cur][t];
}
