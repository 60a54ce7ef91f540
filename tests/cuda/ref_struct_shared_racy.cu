//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// Every thread calls `publish(stats, ...)`, which writes the fields of the one `__shared__`
// struct through the reference `Stats &st`: threads 0 and 1 both write stats.count (and
// stats.total) in the same barrier interval: a write-write race.

struct Stats {
    int count;
    float total;
};

__device__ void publish(Stats &st, int n, float sum)
{
    st.count = n;
    st.total = sum;
}

__global__ void block_stats_all_publish(const float *in, float *out)
{
    __shared__ Stats stats;
    publish(stats, blockDim.x, in[threadIdx.x]);
    __syncthreads();
    out[threadIdx.x] = in[threadIdx.x] * stats.total / stats.count;
}
