//pass
//--blockDim=128 --gridDim=4
// mapcheck: exact
// A texture object (cudaTextureObject_t) is read-only memory: tex1Dfetch never races. Each
// thread writes its own out[gid]: race free.

__global__ void fetch_scale(cudaTextureObject_t tex, float *out, float k)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[gid] = k * tex1Dfetch<float>(tex, gid);
}
