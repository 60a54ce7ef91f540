//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// A reference to a pointer, `float *&p`: `advance(p, k)` moves the caller's pointer by k.
// Each thread advances `p` from `out` by its global index blockIdx.x * 64 + threadIdx.x and
// writes *p: distinct threads write distinct cells of `out`: race free.

__device__ void advance(float *&p, int k) { p += k; }

__global__ void scatter_self(const float *in, float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float *p = out;
    advance(p, gid);
    *p = 2.0f * in[gid];
}
