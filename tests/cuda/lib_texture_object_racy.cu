//xfail:data-race
//--blockDim=128 --gridDim=4
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// Texture reads never race, but the result is stored at gid / 2: threads 0 and 1 of block 0
// both write out[0]: a write-write race.

__global__ void fetch_scale_half(cudaTextureObject_t tex, float *out, float k)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[gid / 2] = k * tex1Dfetch<float>(tex, gid);
}
