//xfail:data-race
//--blockDim=64 --gridDim=1
// A constructor that stores into shared memory through its argument.
struct Tile {
    float *s;
    __device__ Tile(float *buf, const float *in) : s(buf) { s[threadIdx.x / 2] = in[threadIdx.x]; }
};
__global__ void k(const float *in, float *out)
{
    __shared__ float buf[64];
    Tile t(buf, in);
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x / 2];
}
