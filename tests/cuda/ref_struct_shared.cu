//pass
//--blockDim=128 --gridDim=1
// mapcheck: exact
// A struct reference with field writes: `publish(stats, ...)` writes stats.count and
// stats.total of the `__shared__` struct through `Stats &st`. Only thread 0 calls it, and the
// other threads read the fields after the barrier: race free.

struct Stats {
    int count;
    float total;
};

__device__ void publish(Stats &st, int n, float sum)
{
    st.count = n;
    st.total = sum;
}

__global__ void block_stats(const float *in, float *out)
{
    __shared__ Stats stats;
    if (threadIdx.x == 0)
        publish(stats, blockDim.x, in[0]);
    __syncthreads();
    out[threadIdx.x] = in[threadIdx.x] * stats.total / stats.count;
}
