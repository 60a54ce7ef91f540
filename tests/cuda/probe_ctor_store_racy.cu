//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Session 12 probe, unsound before its fix: the body of a user-provided constructor is dropped.
// `Tile t(buf, in)` runs Tile's constructor, which stores in[t] into buf[t / 2]: threads 2k and
// 2k + 1 both write buf[k] before the barrier, a write-write race. mapcheck lowers the
// declaration to nothing and answers `drf (exact)`, calling the barrier redundant.

struct Tile {
    float *s;
    __device__ Tile(float *buf, const float *in) : s(buf) { s[threadIdx.x / 2] = in[threadIdx.x]; }
};

__global__ void tile_ctor(const float *in, float *out)
{
    __shared__ float buf[64];
    Tile t(buf, in);
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x / 2];
}
