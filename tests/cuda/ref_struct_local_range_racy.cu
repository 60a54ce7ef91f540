//xfail:data-race
//--blockDim=64 --gridDim=1 -DN=1024
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store floats (`in[i] + threadIdx.x`) the lowering does not compute (`?`): the two threads may store the same value, a benign race, so the race is not proven (notes/probe-session12.md, "A stored `?`")
// `init_range` sets the step to blockDim.x / 2 = 32 through the struct reference: thread t
// writes out[t], out[t + 32], ... and thread t + 32 (t < 32) writes out[t + 32] too: a
// write-write race on out[t + 32] (threads 0 and 32 on out[32]).

struct Range {
    int begin;
    int step;
};

__device__ void init_range(Range &r, int t)
{
    r.begin = t;
    r.step = blockDim.x / 2;
}

// Each thread adds its id to the value it copies, so the two racing writes store different
// values (a plain copy would store in[i] twice: a benign race, not counted without --strict).
__global__ void block_stride_copy_half_step(const float *in, float *out)
{
    Range r;
    r.begin = 0;
    r.step = 1;
    init_range(r, threadIdx.x);
    for (int i = r.begin; i < N; i += r.step)
        out[i] = in[i] + threadIdx.x;
}
