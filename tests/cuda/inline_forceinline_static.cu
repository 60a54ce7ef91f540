//pass
//--blockDim=128 --gridDim=2
// mapcheck: exact
// `static __device__ __forceinline__` and `__noinline__` helpers (the spellings of the CUDA
// samples): `load_tile` writes tile[t], `row_sum` reads tile after the barrier. Each thread
// writes only its own cell: race free.

static __device__ __forceinline__ void load_tile(float *tile, const float *in, int t, int base)
{
    tile[t] = in[base + t];
}

__device__ __noinline__ float pair_sum(const float *tile, int t)
{
    return tile[t] + tile[(t + 1) % 128];
}

__global__ void pair_sums(const float *in, float *out)
{
    __shared__ float tile[128];
    int base = blockIdx.x * blockDim.x;
    load_tile(tile, in, threadIdx.x, base);
    __syncthreads();
    out[base + threadIdx.x] = pair_sum(tile, threadIdx.x);
}
