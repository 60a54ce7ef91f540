//pass
//--blockDim=64 --gridDim=2
// mapcheck: exact
// The legacy texture reference API (`texture<float, 1, cudaReadModeElementType>` at file
// scope): tex1Dfetch reads read-only memory; each thread writes its own out[gid]: race free.

texture<float, 1, cudaReadModeElementType> texIn;

__global__ void fetch_ref(float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[gid] = tex1Dfetch(texIn, gid);
}
