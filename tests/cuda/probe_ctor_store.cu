//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Twin of probe_ctor_store_racy: the constructor stores in[t] into buf[t] (one cell per
// thread); the reads of buf[63 - t] follow the barrier. Race free. (mapcheck says drf, but only
// because it drops the constructor's store; the barrier it calls redundant is needed.)

struct Tile {
    float *s;
    __device__ Tile(float *buf, const float *in) : s(buf) { s[threadIdx.x] = in[threadIdx.x]; }
};

__global__ void tile_ctor(const float *in, float *out)
{
    __shared__ float buf[64];
    Tile t(buf, in);
    __syncthreads();
    out[threadIdx.x] = buf[63 - threadIdx.x];
}
