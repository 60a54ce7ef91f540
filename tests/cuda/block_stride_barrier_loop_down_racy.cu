//xfail:data-race
//--blockDim=[32]
// mapcheck: exact
// block_stride_barrier_loop_down.cu without its second barrier: the write s[t] of trip j + 1
// and the neighbour's read of s[t] in trip j fall in the same barrier interval (nothing orders
// thread t's next write after thread t - 1's read), a read-write race.
__global__ void k(int *out)
{
    __shared__ int s[32];
    int acc = 0;
    for (int i = threadIdx.x + 3; i > (int)threadIdx.x; --i) {
        s[threadIdx.x] = i;
        __syncthreads();
        acc += s[(threadIdx.x + 1) % 32];
    }
    out[threadIdx.x] = acc;
}
