//xfail:data-race
//--blockDim=128 --gridDim=2
// mapcheck: exact
// The same helpers with the barrier missing: thread t reads tile[t + 1] in `pair_sum` while
// thread t + 1 writes it in `load_tile` (threads 0 and 1 on tile[1]): a read-write race.

static __device__ __forceinline__ void load_tile(float *tile, const float *in, int t, int base)
{
    tile[t] = in[base + t];
}

__device__ __noinline__ float pair_sum(const float *tile, int t)
{
    return tile[t] + tile[(t + 1) % 128];
}

__global__ void pair_sums_nosync(const float *in, float *out)
{
    __shared__ float tile[128];
    int base = blockIdx.x * blockDim.x;
    load_tile(tile, in, threadIdx.x, base);
    out[base + threadIdx.x] = pair_sum(tile, threadIdx.x);
}
