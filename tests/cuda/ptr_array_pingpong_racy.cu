//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Racy twin of ptr_array_pingpong: without the barrier in the loop, thread t's read of
// buf[cur][(t + 1) % 64] in step s + 1 is of the cell thread t + 1 writes in step s, unordered.

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
        cur = 1 - cur;
    }
    __syncthreads();
    out[t] = buf[cur][t];
}
