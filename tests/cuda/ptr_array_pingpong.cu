//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Issue 20 item 2: a ping-pong pair of __shared__ buffers kept in a local array and picked by an
// index that alternates (`cur = 1 - cur`). Each step reads the current buffer, writes the thread's
// own cell of the other, and ends with a barrier: race free.

__global__ void pingpong(int *out)
{
    __shared__ int a[64], b[64];
    int *buf[2] = {a, b};
    int t = threadIdx.x;
    a[t] = t;
    __syncthreads();
    int cur = 0;
    for (int s = 0; s < 4; s++) {
        buf[1 - cur][t] = buf[cur][(t + 1) % 64] + 1;
        __syncthreads();
        cur = 1 - cur;
    }
    out[t] = buf[cur][t];
}
