//pass
//--blockDim=64 --gridDim=1
struct Tile {
    float *s;
    __device__ Tile(float *buf, const float *in) : s(buf) { s[threadIdx.x] = in[threadIdx.x]; }
};
__global__ void k(const float *in, float *out)
{
    __shared__ float buf[64];
    Tile t(buf, in);
    __syncthreads();
    out[threadIdx.x] = buf[63 - threadIdx.x];
}
