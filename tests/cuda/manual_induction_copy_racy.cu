//xfail:data-race
//--blockDim=128 --gridDim=16
// mapcheck: exact
// manual_induction_copy.cu with the index advanced by the block size instead of the grid
// size (the `v += k` closed form, issue 20): thread g = 128 b + t writes out[g], out[g + 128],
// ..., so thread 0 of block 1 (g = 128) and thread 0 of block 0 in its second iteration
// (0 + 128) both write out[128]: a race between blocks. (The stored value differs between
// blocks, in[128] + 1 and in[128] + 0, so the race is not a benign one of equal values.)

#define ITEMS 4

__global__ void coarse_copy_block_stride(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < ITEMS; ++k) {
        out[i] = in[i] + blockIdx.x;
        i += blockDim.x;
    }
}
