//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Racy twin of ptr_array_swap: the swap is wrong (`buf[1] = buf[0]` after `buf[0] = buf[1]`
// leaves both elements b), so the second step writes b[t] while other threads read b[63 - t]
// with no barrier between: thread t writes b[t], thread 63 - t reads it.

__global__ void swap_steps(int *out)
{
    __shared__ int a[64], b[64];
    int *buf[2] = {a, b};
    int t = threadIdx.x;
    a[t] = t;
    __syncthreads();
    buf[1][t] = buf[0][63 - t];
    __syncthreads();
    buf[0] = buf[1];
    buf[1] = buf[0];
    buf[1][t] = buf[0][63 - t];
    __syncthreads();
    out[t] = buf[1][t];
}
