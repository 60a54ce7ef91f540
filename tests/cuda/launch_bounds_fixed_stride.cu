//pass
//--gridDim=64
// mapcheck: exact
// A kernel written for blocks of at most 256 threads, as its `__launch_bounds__(256)` says:
// block b owns data[b * 256 .. b * 256 + 255], a stride hard-coded to the bound. CUDA refuses a
// launch of more threads per block than the bound, so threadIdx.x < 256 and the blocks' ranges
// are disjoint: race free. (mapcheck once ignored the attribute and reported two threads of
// adjacent blocks of 257 threads as a proven race.)
#define BLOCK 256

__global__ void __launch_bounds__(BLOCK) scale_tiles(float *data, float k)
{
    int i = blockIdx.x * BLOCK + threadIdx.x;
    data[i] = k * data[i];
}
