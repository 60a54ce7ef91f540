//xfail:data-race
//--blockDim=64 --gridDim=2
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// The texture-reference fetch stored at threadIdx.x only: thread t of blocks 0 and 1 both
// write out[t]: a write-write race between blocks.

texture<float, 1, cudaReadModeElementType> texIn;

__global__ void fetch_ref_no_block(float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[threadIdx.x] = tex1Dfetch(texIn, gid);
}
