//pass
//--blockDim=64 --gridDim=1 -DN=1024
// mapcheck: exact
// A local struct filled through a reference: `init_range(r, t)` writes r.begin = t and
// r.step = blockDim.x into the caller's struct. The loop is then a block-stride loop: thread t
// writes out[t], out[t + 64], ... (cells congruent to t modulo 64): race free.

struct Range {
    int begin;
    int step;
};

__device__ void init_range(Range &r, int t)
{
    r.begin = t;
    r.step = blockDim.x;
}

__global__ void block_stride_copy(const float *in, float *out)
{
    Range r;
    r.begin = 0;
    r.step = 1;
    init_range(r, threadIdx.x);
    for (int i = r.begin; i < N; i += r.step)
        out[i] = in[i];
}
