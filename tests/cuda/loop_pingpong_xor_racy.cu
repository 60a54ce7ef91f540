//xfail:data-race
//--blockDim=64 --gridDim=1 -DSTEPS=6
// mapcheck: exact
// The toggle placed before the barrier and the barrier dropped: nothing separates step s's
// reads of buf[cur][t + 1] by thread t from step s + 1's write of the same half by thread
// t + 1 (after its toggle, buf[cur ^ 1] is the half thread t is still reading): a read-write
// race (threads 0 and 1 on buf[0][2] between steps 0 and 1).

__global__ void diffuse_xor_nosync(const float *in, float *out)
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
        cur ^= 1;
    }
    out[threadIdx.x] = buf[cur][t];
}
