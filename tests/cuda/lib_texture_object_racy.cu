//xfail:data-race
//--blockDim=128 --gridDim=4
// mapcheck: exact
// Texture reads never race, but the result is stored at gid / 2: threads 0 and 1 of block 0
// both write out[0]: a write-write race.

__global__ void fetch_scale_half(cudaTextureObject_t tex, float *out, float k)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[gid / 2] = k * tex1Dfetch<float>(tex, gid);
}
