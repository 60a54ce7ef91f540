//pass
//--blockDim=256 --gridDim=1
// mapcheck: exact
// Two out-parameters: `split_index(t, row, col)` sets the caller's row = t / 16 and
// col = t % 16. (row, col) is a bijection of t in 0..255 onto the 16x16 tile, so each thread
// writes its own tile[row][col]; the transposed read follows the barrier: race free.

__device__ void split_index(unsigned t, unsigned &row, unsigned &col)
{
    row = t / 16;
    col = t % 16;
}

__global__ void tile_transpose(const float *in, float *out)
{
    __shared__ float tile[16][16];
    unsigned row = 0, col = 0;
    split_index(threadIdx.x, row, col);
    tile[row][col] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[col][row];
}
