//xfail:data-race
//--gridDim=64
// mapcheck: exact
// The twin of launch_bounds_fixed_stride.cu whose bound (512) is larger than the stride
// (256): a launch of blocks of 257 to 512 threads is allowed, and then thread 256 of block b
// scales data[b * 256 + 256], the cell thread 0 of block b + 1 reads and writes. Racy.
#define BLOCK 256

__global__ void __launch_bounds__(2 * BLOCK) scale_tiles(float *data, float k)
{
    int i = blockIdx.x * BLOCK + threadIdx.x;
    data[i] = k * data[i];
}
